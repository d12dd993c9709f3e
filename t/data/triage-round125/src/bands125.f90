! bands125.f90: a band-structure / DOS post-processing step in Fortran + MPI (round 125, labels125).
! usage: bands125 MODE DIR NK NBANDS NREPS
!  storm: every rank reads KPATH, diagonalises its k-points and writes one small formatted file
!         per (k-point, band) under DIR/bands (a file storm)
!  one:   the same, but one formatted file per rank holding all its k-points and bands
!  dos:   every rank reads its slab of the unformatted CHGCAR-like DIR/RHO once (stream access),
!         computes a density of states and rank 0 writes DIR/DOSCAR (formatted, 2000 lines)
program bands125
  use mpi
  implicit none
  integer :: ierr, rank, np, nk, nb, nreps, k, b, u, i, r, myk, n, ios
  character(len=16) :: mode
  character(len=256) :: dir, arg, fn, line
  double precision, allocatable :: e(:), rho(:), dos(:)
  double precision :: s, tot
  integer(kind=8) :: nrho, first

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, dir)
  call get_command_argument(3, arg); read (arg, *) nk
  call get_command_argument(4, arg); read (arg, *) nb
  call get_command_argument(5, arg); read (arg, *) nreps
  myk = nk / np
  allocate (e(nb))

  if (trim(mode) == 'dos') then
    inquire (file=trim(dir)//'/RHO', size=nrho)
    nrho = nrho / 8 / np
    allocate (rho(nrho), dos(2000))
    first = int(rank, 8) * nrho * 8 + 1
    open (newunit=u, file=trim(dir)//'/RHO', access='stream', form='unformatted', status='old', action='read')
    read (u, pos=first) rho
    close (u)
    dos = 0
    do r = 1, nreps
      do i = 1, int(nrho)
        n = 1 + mod(int(abs(rho(i)) * 1d3 + r), 2000)
        dos(n) = dos(n) + exp(-abs(rho(i)))
      end do
    end do
    call MPI_Allreduce(MPI_IN_PLACE, dos, 2000, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0) then
      open (newunit=u, file=trim(dir)//'/DOSCAR', status='replace', action='write')
      do i = 1, 2000
        write (u, '(F12.5,2ES16.7)') -20d0 + i * 0.02d0, dos(i), sum(dos(1:i))
      end do
      close (u)
    end if
    call MPI_Finalize(ierr)
    stop
  end if

  ! the k-path every rank reads (small)
  open (newunit=u, file=trim(dir)//'/KPATH', status='old', action='read')
  do
    read (u, '(A)', iostat=ios) line
    if (ios /= 0) exit
  end do
  close (u)
  if (trim(mode) == 'one') then
    write (fn, '(A,"/bands/rank",I3.3,".dat")') trim(dir), rank
    open (newunit=u, file=trim(fn), status='replace', action='write')
  end if
  tot = 0
  do k = rank * myk + 1, (rank + 1) * myk
    call eig(k, nb, nreps, e)
    do b = 1, nb
      if (trim(mode) == 'storm') then
        write (fn, '(A,"/bands/k",I4.4,"_b",I3.3,".dat")') trim(dir), k, b
        open (newunit=u, file=trim(fn), status='replace', action='write')
        write (u, '("# k-point ",I5," band ",I4)') k, b
        write (u, '(I6,F14.6)') k, e(b)
        close (u)
      else
        write (u, '(I6,I5,F14.6)') k, b, e(b)
      end if
      tot = tot + e(b)
    end do
  end do
  if (trim(mode) == 'one') close (u)
  call MPI_Reduce(tot, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '("sum of band energies ",F16.4)', s
  call MPI_Finalize(ierr)
contains
  ! a tight-binding-like eigenvalue estimate that costs NREPS passes of work
  subroutine eig(k, nb, nreps, e)
    integer, intent(in) :: k, nb, nreps
    double precision, intent(out) :: e(nb)
    integer :: b, r, j
    double precision :: x
    do b = 1, nb
      x = 0
      do r = 1, nreps
        do j = 1, 1000
          x = x + cos(0.001d0 * k * j + b) / (1d0 + r)
        end do
      end do
      e(b) = -10d0 + 0.25d0 * b + 1d-3 * x
    end do
  end subroutine eig
end program bands125
