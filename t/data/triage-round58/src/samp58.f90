! Round 58's Fortran per-sample job: each rank simulates read coverage of its sample over a genome of n bins
! (real arithmetic), then writes its coverage track with one unformatted stream write (a file a rank).
program samp58
  use mpi
  implicit none
  integer :: ierr, rank, np, n, reps, i, r, u
  real(8), allocatable :: cov(:)
  real(8) :: x, t0, t1
  character(len=256) :: outdir, fn, arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, outdir)
  call get_command_argument(2, arg); read(arg, *) n
  call get_command_argument(3, arg); read(arg, *) reps
  allocate(cov(n))
  cov = 0d0
  x = 0.5d0 + rank * 1d-3
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do r = 1, reps
    do i = 1, n
      x = 3.9d0 * x * (1d0 - x)
      cov(i) = cov(i) + x
    end do
  end do
  write(fn, '(a,"/cov.",i0)') trim(outdir), rank
  open(newunit=u, file=fn, access='stream', form='unformatted', status='replace')
  write(u) cov
  close(u)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime()
  if (rank == 0) print '(a,f8.3,a)', 'samp58: ', t1 - t0, ' s'
  call MPI_Finalize(ierr)
end program samp58
