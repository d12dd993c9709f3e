! Round 51: an ensemble in Fortran, one member a rank (MPI_Comm_split), each member its own files.
! usage: ens51 MODE NSTEP NPASS DIR   MODE: state  (the 4 MiB state written every 10 steps, one unformatted
! stream write a file), flush (a progress line a step to the member's own log, FLUSH after each; state at the end),
! noflush (the same lines, no FLUSH; state at the end)
program ens51
  use mpi
  implicit none
  integer, parameter :: n = 524288
  integer :: ierr, rank, np, mc, nstep, npass, s, p, i, u, lu
  double precision, allocatable :: x(:)
  double precision :: acc, t0
  character(len=512) :: dir, arg, fn
  character(len=16) :: mode
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call MPI_Comm_split(MPI_COMM_WORLD, rank, 0, mc, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, arg); read (arg, *) nstep
  call get_command_argument(3, arg); read (arg, *) npass
  call get_command_argument(4, dir)
  allocate (x(n))
  do i = 1, n
    x(i) = mod(i * 37 + rank * 101, 1000) * 1.0d-3
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  if (mode /= 'state') then
    write (fn, '(a,a,i3.3,a)') trim(dir), '/progress.', rank, '.log'
    open (newunit=lu, file=fn, status='replace', action='write')
  end if
  do s = 1, nstep
    acc = 0
    do p = 1, npass
      do i = 2, n
        x(i) = 0.5d0 * x(i) + 0.25d0 * x(i - 1) + sqrt(x(i) + 1.0d0) * 1.0d-3
      end do
    end do
    acc = sum(x)
    if (mode == 'state' .and. mod(s, 10) == 0) call dump(s)
    if (mode /= 'state') then
      write (lu, '(a,i6,a,i3,4(1x,es16.8))') 'step', s, ' member', rank, acc, x(1), x(n / 2), x(n)
      if (mode == 'flush') flush (lu)
    end if
  end do
  if (mode /= 'state') then
    close (lu)
    call dump(nstep)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,a,a,i3,a,f8.3,a)', 'ens51 ', trim(mode), ' np', np, ': ', MPI_Wtime() - t0, ' s'
  call MPI_Finalize(ierr)
contains
  subroutine dump(step)
    integer, intent(in) :: step
    write (fn, '(a,a,i3.3,a,i5.5,a)') trim(dir), '/member', rank, '.', step, '.bin'
    open (newunit=u, file=fn, access='stream', form='unformatted', status='replace', action='write')
    write (u) x
    close (u)
  end subroutine dump
end program ens51
