! Round 44: a Fortran 2-D heat solver (Jacobi, row blocks, halo rows by MPI_Sendrecv); rank 0 gathers the
! final field and writes it with one unformatted stream write. Usage: heat44 NX STEPS OUTFILE
program heat44
  use mpi
  implicit none
  integer :: ierr, rank, np, nx, ny, steps, s, i, j, up, dn, u8
  double precision, allocatable :: u(:,:), v(:,:), whole(:,:)
  double precision :: t0, t, tm
  character(len=256) :: arg, out
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) nx
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, out)
  ny = nx / np
  allocate(u(nx, 0:ny+1), v(nx, 0:ny+1))
  u = 0d0; v = 0d0
  if (rank == 0) u(:, 0) = 100d0
  up = rank - 1; dn = rank + 1
  if (up < 0) up = MPI_PROC_NULL
  if (dn >= np) dn = MPI_PROC_NULL
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, steps
    call MPI_Sendrecv(u(:, 1), nx, MPI_DOUBLE_PRECISION, up, 0, u(:, ny+1), nx, MPI_DOUBLE_PRECISION, dn, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(:, ny), nx, MPI_DOUBLE_PRECISION, dn, 1, u(:, 0), nx, MPI_DOUBLE_PRECISION, up, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    do j = 1, ny
      do i = 2, nx - 1
        v(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    end do
    u(2:nx-1, 1:ny) = v(2:nx-1, 1:ny)
  end do
  if (rank == 0) then
    allocate(whole(nx, ny*np))
  else
    allocate(whole(1, 1))
  end if
  call MPI_Gather(u(:, 1:ny), nx*ny, MPI_DOUBLE_PRECISION, whole, nx*ny, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    open(newunit=u8, file=trim(out), access='stream', form='unformatted', status='replace')
    write(u8) whole
    close(u8)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tm, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, f8.3, a)', 'heat44 ', tm, ' s'
  call MPI_Finalize(ierr)
end program heat44
