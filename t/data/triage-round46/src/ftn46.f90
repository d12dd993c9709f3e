! ftn46.f90: a Fortran ensemble (round 46 of issue 34's labelled sets). Each rank is an independent member
! integrating its own 2-D heat field (Jacobi, N x N); every NSTEP/NOUT steps it writes the field to a new
! file PREFIX.MMM.KKKK.bin with one unformatted stream WRITE (N*N*8 bytes). Usage: ftn46 N NSTEP NOUT PREFIX
program ftn46
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, nstep, nout, s, k, u, i, j
  character(len=256) :: arg, prefix, fname
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: t0, t, tmax
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call get_command_argument(1, arg); read(arg, *) n
  call get_command_argument(2, arg); read(arg, *) nstep
  call get_command_argument(3, arg); read(arg, *) nout
  call get_command_argument(4, prefix)
  allocate(a(n, n), b(n, n))
  do j = 1, n
    do i = 1, n
      a(i, j) = mod(i * 31 + j * 17 + rank * 7, 100) / 100.0d0
    end do
  end do
  b = a
  k = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, nstep
    do j = 2, n - 1
      do i = 2, n - 1
        b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
      end do
    end do
    a = b
    if (mod(s, nstep / nout) == 0) then
      k = k + 1
      write(fname, '(a, ".", i3.3, ".", i4.4, ".bin")') trim(prefix), rank, k
      open(newunit=u, file=fname, access='stream', form='unformatted', status='replace', action='write')
      write(u) a
      close(u)
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, f8.3, a)', 'ftn46: ', tmax, ' s'
  call MPI_Finalize(ierr)
end program ftn46
