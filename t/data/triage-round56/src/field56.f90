! Round 56: a 2-D Jacobi relaxation in Fortran/MPI (rows split by rank, halo rows by MPI_Sendrecv);
! every NOUT steps each rank writes its block to its own unformatted stream file in one WRITE.
! Usage: field56 NX NY STEPS NOUT PREFIX
program field56
  use mpi
  implicit none
  integer :: ierr, rank, np, nx, ny, steps, nout, st, lo, hi, u_out, k
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: t0, t1, tmax
  character(len=256) :: arg, prefix, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) nx
  call get_command_argument(2, arg); read(arg, *) ny
  call get_command_argument(3, arg); read(arg, *) steps
  call get_command_argument(4, arg); read(arg, *) nout
  call get_command_argument(5, prefix)
  allocate(a(nx, 0:ny+1), b(nx, 0:ny+1))
  a = 0.5d0; b = 0.5d0   ! a non-zero start (no subnormals as the front spreads)
  if (rank == 0) a(:, 0) = 1d0
  lo = rank - 1; hi = rank + 1
  if (lo < 0) lo = MPI_PROC_NULL
  if (hi >= np) hi = MPI_PROC_NULL
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do st = 1, steps
    call MPI_Sendrecv(a(:, 1), nx, MPI_DOUBLE_PRECISION, lo, 0, a(:, ny+1), nx, MPI_DOUBLE_PRECISION, hi, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(a(:, ny), nx, MPI_DOUBLE_PRECISION, hi, 1, a(:, 0), nx, MPI_DOUBLE_PRECISION, lo, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    do k = 1, ny
      b(2:nx-1, k) = 0.25d0 * (a(1:nx-2, k) + a(3:nx, k) + a(2:nx-1, k-1) + a(2:nx-1, k+1))
    end do
    a(:, 1:ny) = b(:, 1:ny)
    if (mod(st, nout) == 0) then
      write(fn, '(a, ".", i4.4, ".", i3.3)') trim(prefix), st, rank
      open(newunit=u_out, file=fn, access='stream', form='unformatted', status='replace')
      write(u_out) a(:, 1:ny)
      close(u_out)
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime() - t0
  call MPI_Reduce(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, i0, a, f8.3, a, es14.6)', 'field56 np ', np, ': ', tmax, ' s, centre ', a(nx/2, ny/2)
  call MPI_Finalize(ierr)
end program field56
