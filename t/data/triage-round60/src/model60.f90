! Round 60: a Fortran MPI model; rank 0 writes a formatted diagnostics line every 50 steps,
! every rank writes its final state once (unformatted stream, own file).
program model60
  use mpi
  implicit none
  integer :: ierr, rank, np, n, steps, s, i, l, r
  double precision, allocatable :: u(:), v(:)
  double precision :: t0, t, tm, mx, loc
  character(len=64) :: arg, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) steps
  allocate (u(0:n+1), v(0:n+1))
  do i = 0, n+1
    u(i) = mod(i*7 + rank, 101)
  end do
  l = mod(rank + np - 1, np); r = mod(rank + 1, np)
  if (rank == 0) open (10, file='out/f90diag.txt', status='replace', action='write')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, steps
    call MPI_Sendrecv(u(n), 1, MPI_DOUBLE_PRECISION, r, 0, u(0), 1, MPI_DOUBLE_PRECISION, l, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, l, 1, u(n+1), 1, MPI_DOUBLE_PRECISION, r, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    v(1:n) = 0.5d0*u(1:n) + 0.25d0*(u(0:n-1) + u(2:n+1))
    u(1:n) = v(1:n)
    if (mod(s, 50) == 0) then
      loc = maxval(u(1:n))
      call MPI_Reduce(loc, mx, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
      if (rank == 0) write (10, '(a,i7,a,es20.12)') 'step', s, ' max', mx
    end if
  end do
  if (rank == 0) close (10)
  write (fn, '(a,i0,a)') 'out/f90state.', rank, '.bin'
  open (11, file=fn, access='stream', form='unformatted', status='replace')
  write (11) u(1:n)
  close (11)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tm, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,f8.3,a)', 'f90-model: ', tm, ' s'
  call MPI_Finalize(ierr)
end program model60
