! Round 66: Fortran unformatted direct-access records. Each MPI rank runs Jacobi sweeps over its
! slab and every step writes the slab as NREC direct-access records (RECL = 64 KiB) into its own
! file, record number by step, then at the end reads back every record of the last step.
program fdirect66
  use mpi
  implicit none
  integer :: ierr, rank, n, steps, sw, s, k, i, r, nrec, u8
  character(len=256) :: arg, path
  double precision, allocatable :: u(:), v(:)
  double precision :: t0, t, tmax, acc
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) steps
  call get_command_argument(3, arg); read (arg, *) sw
  call get_command_argument(4, path)
  n = n * 1024; nrec = n / 8192
  allocate (u(n), v(n))
  do i = 1, n
    u(i) = mod(i * 7 + rank, 13)
  end do
  v = 0; acc = 0
  write (arg, '(A,".",I0)') trim(path), rank
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  open (newunit=u8, file=trim(arg), access='direct', form='unformatted', recl=65536, status='replace')
  do s = 1, steps
    do k = 1, sw
      v(2:n-1) = 0.5d0 * (u(1:n-2) + u(3:n))
      u(2:n-1) = v(2:n-1)
      acc = acc + u(n / 2)
    end do
    do r = 1, nrec
      write (u8, rec=(s - 1) * nrec + r) u((r - 1) * 8192 + 1:r * 8192)
    end do
  end do
  do r = 1, nrec
    read (u8, rec=(steps - 1) * nrec + r) v((r - 1) * 8192 + 1:r * 8192)
  end do
  close (u8)
  acc = acc + sum(v)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(A,F8.3,A,ES12.4)', 'fdirect slowest ', tmax, ' s acc ', acc
  call MPI_Finalize(ierr)
end program fdirect66
