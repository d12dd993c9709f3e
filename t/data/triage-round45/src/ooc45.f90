! Round 45: an out-of-core left-looking panel solver as Fortran codes write it: each rank keeps its
! matrix in its own direct-access scratch file, one 2 MiB panel a record, and for each panel j reads
! panels j-1, j-2, ..., 1 (out of file order, newest first) to update it, then writes it back.
program ooc45
  use mpi
  implicit none
  integer, parameter :: m = 262144
  integer :: np, rank, ierr, npan, reps, j, k, i, r, u, ios
  double precision, allocatable :: a(:), b(:)
  double precision :: t0, t, tmax, s
  character(len=256) :: fname, arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) npan
  call get_command_argument(2, arg); read(arg, *) reps
  call get_command_argument(3, arg)
  write(fname, '(a,a,i0)') trim(arg), '.', rank
  allocate(a(m), b(m))
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  u = 20 + rank
  open(unit=u, file=fname, access='direct', form='unformatted', recl=8*m, status='replace', iostat=ios)
  if (ios /= 0) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  do j = 1, npan
     do i = 1, m
        a(i) = dble(mod(i*j + rank, 1000)) / 1000d0
     end do
     write(u, rec=j) a
  end do
  do j = 1, npan
     read(u, rec=j) a
     do k = j - 1, 1, -1
        read(u, rec=k) b
        do r = 1, reps
           do i = 1, m
              a(i) = a(i) - 1d-3 * b(i) * a(i) + 1d-6 * sqrt(abs(b(i)) + 1d0)
           end do
        end do
     end do
     write(u, rec=j) a
  end do
  close(u, status='delete')
  s = sum(a)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,f10.3,a,es12.4)', 'wall ', tmax, ' sum ', s
  call MPI_Finalize(ierr)
end program ooc45
