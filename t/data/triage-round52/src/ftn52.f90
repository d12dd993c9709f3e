! Round 52: a Fortran MPI heat solver that writes its own self-describing snapshot file a rank
! (access='stream'): per snapshot a 32-byte header (magic, step, n, time) then the field, appended.
! usage: mpirun -np N ftn52 NLOC STEPS EVERY PREFIX
program ftn52
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, steps, every, s, i, u_
  character(len=256) :: arg, pfx, fname
  double precision, allocatable :: u(:), v(:)
  double precision :: t0, t1, tmax, l, r
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) steps
  call get_command_argument(3, arg); read (arg, *) every
  call get_command_argument(4, pfx)
  allocate (u(0:n + 1), v(0:n + 1))
  do i = 0, n + 1
    u(i) = mod(i + rank * n, 89) * 0.01d0
  end do
  write (fname, '(a,".",i0)') trim(pfx), rank
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  open (newunit=u_, file=trim(fname), access='stream', form='unformatted', status='replace')
  do s = 1, steps
    l = 0; r = 0
    call MPI_Sendrecv(u(n), 1, MPI_DOUBLE_PRECISION, modulo(rank + 1, nprocs), 0, l, 1, &
                      MPI_DOUBLE_PRECISION, modulo(rank - 1 + nprocs, nprocs), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, modulo(rank - 1 + nprocs, nprocs), 1, r, 1, &
                      MPI_DOUBLE_PRECISION, modulo(rank + 1, nprocs), 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    u(0) = l; u(n + 1) = r
    do i = 1, n
      v(i) = u(i) + 0.2d0 * (u(i - 1) - 2 * u(i) + u(i + 1)) + 1d-9 * sin(dble(i))
    end do
    u(1:n) = v(1:n)
    if (mod(s, every) == 0) then
      write (u_) int(z'46354E32', 8), int(s, 8), int(n, 8), s * 1d-3
      write (u_) u(1:n)
    end if
  end do
  close (u_)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime() - t0
  call MPI_Reduce(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,f8.3,a,es12.5)', 'ftn52 np ', nprocs, ': ', tmax, ' s u(1) ', u(1)
  call MPI_Finalize(ierr)
end program ftn52
