! clim156: climate post-processing (Fortran/MPI). 12 monthly files of a 2-D field stack; each rank reads its months
! whole (one unformatted stream read per file), accumulates the monthly mean; the climatology is reduced to rank 0,
! which writes it with one record. Usage: clim156 DIR NX NY NLEV ITERS
program clim156
  use mpi
  implicit none
  integer :: ierr, rank, np, nx, ny, nlev, iters, m, k, u
  character(len=256) :: dir, arg, fname
  real(4), allocatable :: f(:,:,:)
  real(8), allocatable :: acc(:,:), tot(:,:)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, dir)
  call get_command_argument(2, arg); read(arg, *) nx
  call get_command_argument(3, arg); read(arg, *) ny
  call get_command_argument(4, arg); read(arg, *) nlev
  call get_command_argument(5, arg); read(arg, *) iters
  allocate(f(nx, ny, nlev), acc(nx, ny), tot(nx, ny)); acc = 0
  do m = rank + 1, 12, np
    write(fname, '(a,"/month_",i2.2,".dat")') trim(dir), m
    open(newunit=u, file=fname, access='stream', form='unformatted', status='old', action='read')
    read(u) f
    close(u)
    do k = 1, iters
      acc = acc + sum(f, dim=3) * 1.0d-3 / iters
    end do
  end do
  call MPI_Reduce(acc, tot, nx*ny, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    open(newunit=u, file=trim(dir)//'/climatology.dat', access='stream', form='unformatted', status='replace')
    write(u) tot / 12.0d0
    close(u)
    print '(a,i0,a,f14.4)', 'clim: ', np, ' ranks, mean ', sum(tot) / (12.0d0 * nx * ny)
  end if
  call MPI_Finalize(ierr)
end program
