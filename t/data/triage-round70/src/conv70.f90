! Round 70's convergence study: a 1-D Poisson solve by Jacobi at 5 resolutions, 2 ranks split the grid;
! rank 0 writes one small text table of error against h (one line a resolution).
program conv70
  use mpi
  implicit none
  integer :: ierr, rank, np, lev, n, nl, it, i, u, sweeps
  double precision, allocatable :: x(:), xn(:)
  double precision :: h, err, gerr, lo, hi, t0
  character(len=256) :: out, arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, out); call get_command_argument(2, arg); read(arg, *) sweeps
  t0 = MPI_Wtime()
  if (rank == 0) open(newunit=u, file=trim(out), status='replace', action='write')
  do lev = 1, 5
    n = 64 * 2**lev; nl = n / np; h = 1.0d0 / n
    allocate(x(0:nl+1), xn(0:nl+1)); x = 0; xn = 0
    do it = 1, sweeps
      lo = 0; hi = 0
      if (rank > 0) call MPI_Sendrecv(x(1), 1, MPI_DOUBLE_PRECISION, rank-1, 0, lo, &
         1, MPI_DOUBLE_PRECISION, rank-1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      if (rank < np-1) call MPI_Sendrecv(x(nl), 1, MPI_DOUBLE_PRECISION, rank+1, 0, hi, &
         1, MPI_DOUBLE_PRECISION, rank+1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      x(0) = lo; x(nl+1) = hi
      do i = 1, nl
        xn(i) = 0.5d0 * (x(i-1) + x(i+1) + h*h)
      end do
      x(1:nl) = xn(1:nl)
    end do
    err = 0
    do i = 1, nl
      err = max(err, abs(x(i) - 0.5d0*((rank*nl+i)*h)*(1 - (rank*nl+i)*h)))
    end do
    call MPI_Reduce(err, gerr, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) write(u, '(i8,2es20.10)') n, h, gerr
    deallocate(x, xn)
  end do
  if (rank == 0) then
    close(u); print '(a,f8.3,a)', 'own time ', MPI_Wtime() - t0, ' s'
  end if
  call MPI_Finalize(ierr)
end program conv70
