! wrf156: regional forecast model (Fortran/MPI). Each rank advances its subdomain and writes a history record
! (one 2-D field slab, unformatted stream) every step to its own history file. MODE=fsync: flush + fsync after
! every record (problem); MODE=end: flush + fsync once at the end of the run (twin).
! Usage: wrf156 DIR NSTEPS NX NY ITERS MODE
program wrf156
  use mpi
  use iso_c_binding
  implicit none
  interface
    integer(c_int) function c_fsync(fd) bind(c, name='fsync')
      import :: c_int
      integer(c_int), value :: fd
    end function
  end interface
  integer :: ierr, rank, np, nsteps, nx, ny, iters, step, i, j, k, u
  character(len=256) :: dir, arg, fname
  character(len=16) :: mode
  real(8), allocatable :: t(:,:)
  real(8) :: s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, dir)
  call get_command_argument(2, arg); read(arg, *) nsteps
  call get_command_argument(3, arg); read(arg, *) nx
  call get_command_argument(4, arg); read(arg, *) ny
  call get_command_argument(5, arg); read(arg, *) iters
  call get_command_argument(6, mode)
  allocate(t(nx, ny)); t = 280.0d0 + rank
  write(fname, '(a,"/wrfout_d01_",i4.4,".bin")') trim(dir), rank
  open(newunit=u, file=fname, access='stream', form='unformatted', status='replace')
  s = 0
  do step = 1, nsteps
    do k = 1, iters
      do j = 2, ny - 1
        do i = 2, nx - 1
          t(i, j) = 0.25d0 * (t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1)) + 1.0d-6 * k
        end do
      end do
    end do
    write(u) step, t
    if (trim(mode) == 'fsync') then
      flush(u)
      ierr = c_fsync(fnum(u))
    end if
    s = s + t(nx/2, ny/2)
  end do
  flush(u)
  ierr = c_fsync(fnum(u))
  close(u)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,i0,a,f12.3)', 'wrf: ', nsteps, ' steps, ', np, ' ranks, checksum ', s
  call MPI_Finalize(ierr)
end program
