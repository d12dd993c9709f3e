! Round 55: a restart reader. Every rank reads its interleaved 1 MiB pieces of a 64 MiB input through a
! vector file view and one collective MPI_File_read_all, then runs STEPS steps of SWEEPS Jacobi sweeps.
! reread55 FILE STEPS SWEEPS
program reread55
  use mpi
  implicit none
  integer :: ierr, rank, np, fh, vtype, steps, sweeps, s, k, i, n
  integer(kind=MPI_OFFSET_KIND) :: disp
  integer :: st(MPI_STATUS_SIZE)
  character(len=512) :: fname, arg
  integer(kind=1), allocatable :: buf(:)
  double precision, allocatable :: x(:), y(:)
  double precision :: t0, t, tmax
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, fname)
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, arg); read(arg, *) sweeps
  n = 64 / np * 1048576
  allocate(buf(n), x(0:n/8+1), y(0:n/8+1))
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  call MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDONLY, MPI_INFO_NULL, fh, ierr)
  call MPI_Type_vector(64 / np, 1048576, 1048576 * np, MPI_BYTE, vtype, ierr)
  call MPI_Type_commit(vtype, ierr)
  disp = int(rank, MPI_OFFSET_KIND) * 1048576
  call MPI_File_set_view(fh, disp, MPI_BYTE, vtype, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_read_all(fh, buf, n, MPI_BYTE, st, ierr)
  call MPI_File_close(fh, ierr)
  do i = 1, n / 8
    x(i) = dble(buf(i)) ; y(i) = x(i)
  end do
  x(0) = 0; x(n/8+1) = 0; y(0) = 0; y(n/8+1) = 0
  do s = 1, steps
    do k = 1, sweeps
      do i = 1, n / 8
        y(i) = 0.5d0 * x(i) + 0.25d0 * (x(i-1) + x(i+1))
      end do
      x = y
    end do
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, f8.3, a, g12.5)', 'reread55 ', tmax, ' s x=', x(1)
  call MPI_Finalize(ierr)
end program reread55
