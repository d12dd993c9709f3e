! Round 69: a coupled-cluster-like step in Fortran: each rank writes its T2 intermediate blockwise (NBLK
! blocks of BLKMIB MiB, unformatted stream access) and re-reads it block by block PASSES times, contracting.
! Usage: ccf69 NBLK BLKMIB PASSES COST DIR.  Prints the slowest rank's time.
program ccf69
  use mpi
  implicit none
  integer :: ierr, rank, nblk, blkmib, passes, cost, k, p, j, c, u
  integer(kind=8) :: n, pos
  double precision, allocatable :: b(:)
  double precision :: e, t0, t, tm, x, s
  character(len=256) :: arg, dir, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call get_command_argument(1, arg); read(arg, *) nblk
  call get_command_argument(2, arg); read(arg, *) blkmib
  call get_command_argument(3, arg); read(arg, *) passes
  call get_command_argument(4, arg); read(arg, *) cost
  call get_command_argument(5, dir)
  n = int(blkmib, 8) * 131072_8
  allocate(b(n))
  write(fn, '(a,a,i0)') trim(dir), '/t2f.', rank
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  open(newunit=u, file=trim(fn), access='stream', form='unformatted', status='replace')
  do k = 1, nblk
    do j = 1, int(n)
      x = 1.0d0 + dble(mod(j + k, 9973)) * 1d-4
      s = 0
      do c = 0, cost - 1
        s = s + exp(-x * (c + 1) * 0.01d0) * cos(x * c)
      end do
      b(j) = s
    end do
    pos = int(k - 1, 8) * n * 8 + 1
    write(u, pos=pos) b
  end do
  e = 0
  do p = 1, passes
    do k = 1, nblk
      pos = int(k - 1, 8) * n * 8 + 1
      read(u, pos=pos) b
      e = e + sum(b) * 0.7d0 / p
    end do
  end do
  close(u, status='delete')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tm, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,es16.8,/,a,f8.3,a)', 'E = ', e, 'time ', tm, ' s'
  call MPI_Finalize(ierr)
end program ccf69
