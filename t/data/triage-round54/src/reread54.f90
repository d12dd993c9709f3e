! Round 54: a Fortran analysis job that reads a shared 64 MiB input (stream access, 8 MiB records)
! NPASS times per rank (mode 'each': re-read every pass) or once into memory ('once'), with compute.
program reread54
  use mpi
  implicit none
  integer, parameter :: nrec = 8, recn = 1048576
  real(8), allocatable :: buf(:,:)
  real(8) :: s, t0, t1
  integer :: ierr, rank, p, r, npass, u
  character(len=256) :: fname, mode, arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call get_command_argument(1, fname)
  call get_command_argument(2, mode)
  call get_command_argument(3, arg)
  read(arg, *) npass
  allocate(buf(recn, nrec))
  s = 0d0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do p = 1, npass
    if (p == 1 .or. trim(mode) == 'each') then
      open(newunit=u, file=fname, access='stream', form='unformatted', status='old', action='read')
      do r = 1, nrec
        read(u) buf(:, r)
      end do
      close(u)
    end if
    ! the analysis step: a smoothing pass over the whole dataset
    do r = 1, nrec
      buf(2:recn, r) = 0.5d0 * buf(2:recn, r) + 0.5d0 * buf(1:recn-1, r) * 1d-3
      s = s + sum(buf(1:recn:64, r))
    end do
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime()
  if (rank == 0) print '(a,1x,a,f8.3,a,es12.4)', 'reread', trim(mode), t1 - t0, ' s', s
  call MPI_Finalize(ierr)
end program reread54
