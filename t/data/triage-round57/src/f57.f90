! Round 57: restart from the slow tier, checkpoints to the fast tier (mpif90).
! usage: f57 RESTART_FILE CKPT_PREFIX STEPS SWEEPS
! Each rank reads its contiguous part of the restart file once (stream access, one read),
! runs STEPS steps of a 1-D relaxation and every 5 steps writes its part to CKPT_PREFIX.STEP.RANK.
program f57
  use mpi
  implicit none
  integer :: ierr, rank, np, steps, sweeps, s, k, u, i
  integer(kind=8) :: n, nl, pos
  character(len=512) :: rfile, pfx, fn, arg
  double precision, allocatable :: x(:)
  double precision :: t0, t, tot, ttot
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, rfile)
  call get_command_argument(2, pfx)
  call get_command_argument(3, arg); read (arg, *) steps
  call get_command_argument(4, arg); read (arg, *) sweeps
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  open (newunit=u, file=trim(rfile), access='stream', form='unformatted', status='old', action='read')
  inquire (unit=u, size=n)
  nl = n / 8 / np
  allocate (x(nl))
  pos = int(rank, 8) * nl * 8 + 1
  read (u, pos=pos) x
  close (u)
  do i = 1, int(nl)
    x(i) = abs(mod(x(i), 1.0d0))
    if (x(i) /= x(i)) x(i) = 0.5d0
  end do
  do s = 1, steps
    do k = 1, sweeps
      do i = 2, int(nl) - 1
        x(i) = 0.25d0 * (x(i-1) + 2d0 * x(i) + x(i+1)) + 1d-9 * sqrt(abs(x(i)))
      end do
    end do
    if (mod(s, 5) == 0) then
      write (fn, '(a,".",i0,".",i0)') trim(pfx), s, rank
      open (newunit=u, file=trim(fn), access='stream', form='unformatted', status='replace', action='write')
      write (u) x
      close (u)
    end if
  end do
  tot = sum(x)
  call MPI_Reduce(tot, ttot, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  if (rank == 0) print '(a,i0,a,f8.3,a,es14.6)', 'f57 np ', np, ' time ', t, ' s checksum ', ttot
  call MPI_Finalize(ierr)
end program f57
