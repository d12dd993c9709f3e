! Round 67: a Fortran light-cone, as many N-body codes keep it: every step each rank appends the
! particles that crossed the shell to its own stream file, one buffered WRITE a step.
program lcone67
  use mpi
  implicit none
  integer :: ierr, rank, nproc, n, steps, i, s, nc, u
  real(8), allocatable :: x(:,:), v(:,:), buf(:,:)
  real(8) :: r, r0, t0, t1
  character(len=256) :: arg, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  call get_command_argument(1, arg); read(arg, *) n
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, fn)
  allocate(x(3,n), v(3,n), buf(6,n))
  call random_seed()
  call random_number(x); v = 0d0
  write(arg, '(A,".",I0)') trim(fn), rank
  open(newunit=u, file=trim(arg), access='stream', form='unformatted', status='replace')
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t0 = MPI_Wtime()
  do s = 1, steps
    v = v + 1d-3 * sin(6.2831853d0 * x) * cos(12.566d0 * cshift(x, 1, 1))
    x = modulo(x + 1d-3 * v, 1d0)
    r0 = 0.5d0 - 0.0005d0 * s; nc = 0
    do i = 1, n
      r = sqrt(sum((x(:,i) - 0.5d0)**2))
      if (r >= r0 .and. r < r0 + 0.0005d0) then
        nc = nc + 1; buf(1:3,nc) = x(:,i); buf(4:6,nc) = v(:,i)
      end if
    end do
    if (nc > 0) write(u) buf(:,1:nc)
  end do
  close(u)
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t1 = MPI_Wtime()
  if (rank == 0) print '(A,I0,A,F8.3,A)', 'lcone67 np=', nproc, ' time ', t1 - t0, ' s'
  call MPI_Finalize(ierr)
end program
