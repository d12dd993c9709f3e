! Round 80: a key-value status file updated in place. Each rank owns one fixed-length record of a
! direct-access file (key, step, residual, checksum) and rewrites it every EVERY steps of a 1-D relaxation.
! kv80 NCELLS STEPS EVERY PATH
program kv80
  use mpi
  implicit none
  integer :: ierr, rank, np, n, steps, every, s, i, u
  character(len=256) :: arg, path
  double precision, allocatable :: a(:), b(:)
  double precision :: res, t0
  character(len=64) :: key
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) n
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, arg); read(arg, *) every
  call get_command_argument(4, path)
  allocate(a(0:n+1), b(0:n+1))
  do i = 0, n+1
     a(i) = sin(dble(i + rank*n) * 1.0d-3)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  open(newunit=u, file=trim(path), access='direct', recl=128, form='unformatted', status='unknown')
  do s = 1, steps
     do i = 1, n
        b(i) = 0.5d0*a(i) + 0.25d0*(a(i-1) + a(i+1)) + 1.0d-9*sqrt(abs(a(i)))
     end do
     res = 0
     do i = 1, n
        res = res + abs(b(i) - a(i))
        a(i) = b(i)
     end do
     if (mod(s, every) == 0) then
        write(key, '(a,i4.4)') 'rank', rank
        write(u, rec=rank+1) key, s, res, sum(a(1:n))
     end if
  end do
  close(u)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,f8.3,a)', 'kv80 np ', np, ': ', MPI_Wtime() - t0, ' s'
  call MPI_Finalize(ierr)
end program kv80
