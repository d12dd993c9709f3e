! Round 64's Fortran program: a 2-D heat stencil on a block-row decomposition (each rank NX x NYL interior
! points, halo rows by MPI_Sendrecv), a checkpoint every EVERY steps written to one shared file with a
! subarray file view and MPI_File_write_all (the global NX x NY array in Fortran order).
! Usage: f64 NX NYL STEPS EVERY PATH
program f64
  use mpi
  implicit none
  integer :: nx, nyl, steps, every, ierr, rank, np, st, j, lo, hi, fh, ftype, c
  integer :: gs(2), ls(2), ss(2)
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: t0, t, tmax
  character(len=256) :: arg, path, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) nx
  call get_command_argument(2, arg); read(arg, *) nyl
  call get_command_argument(3, arg); read(arg, *) steps
  call get_command_argument(4, arg); read(arg, *) every
  call get_command_argument(5, path)
  allocate(a(0:nx+1, 0:nyl+1), b(0:nx+1, 0:nyl+1))
  a = 0d0; a(:, 1:nyl) = dble(rank + 1); b = a
  lo = rank - 1; hi = rank + 1
  if (lo < 0) lo = MPI_PROC_NULL
  if (hi >= np) hi = MPI_PROC_NULL
  gs = (/ nx, nyl * np /); ls = (/ nx, nyl /); ss = (/ 0, rank * nyl /)
  call MPI_Type_create_subarray(2, gs, ls, ss, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, ftype, ierr)
  call MPI_Type_commit(ftype, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t0 = MPI_Wtime()
  do st = 1, steps
    call MPI_Sendrecv(a(:, 1), nx + 2, MPI_DOUBLE_PRECISION, lo, 0, a(:, nyl + 1), nx + 2, &
         MPI_DOUBLE_PRECISION, hi, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(a(:, nyl), nx + 2, MPI_DOUBLE_PRECISION, hi, 1, a(:, 0), nx + 2, &
         MPI_DOUBLE_PRECISION, lo, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    do j = 1, nyl
      b(1:nx, j) = 0.25d0 * (a(0:nx-1, j) + a(2:nx+1, j) + a(1:nx, j-1) + a(1:nx, j+1))
    end do
    a(1:nx, 1:nyl) = b(1:nx, 1:nyl)
    if (mod(st, every) == 0) then
      c = st / every
      write(fn, '(A,".",I0)') trim(path), c
      call MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE + MPI_MODE_WRONLY, MPI_INFO_NULL, fh, ierr)
      call MPI_File_set_view(fh, 0_MPI_OFFSET_KIND, MPI_DOUBLE_PRECISION, ftype, 'native', MPI_INFO_NULL, ierr)
      call MPI_File_write_all(fh, a(1:nx, 1:nyl), nx * nyl, MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, ierr)
      call MPI_File_close(fh, ierr)
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(A,I0,A,F8.3,A,ES12.5)', 'f64 np ', np, ': ', tmax, ' s a=', a(nx/2, 1)
  call MPI_Finalize(ierr)
end program f64
