! Round 47's Fortran programs: a 1-D relaxation solver (real arithmetic) with the I/O of one mode.
! Usage: ftn47 MODE NCELLS_K STEPS SWEEPS PATH
!  fpp:      each rank writes its field once at the end, unformatted stream, one record, own file PATH.rank
!  reread:   every step re-reads the whole lookup table PATH (unformatted stream) before its sweeps
!  readonce: reads the table once before the loop
!  cfg:      rank 0 reads the small text input PATH, MPI_Bcast; at the end rank 0 writes PATH.out (one record)
program ftn47
  use mpi
  implicit none
  integer :: ierr, rank, np, steps, sweeps, s, k, i, u, n, nt
  character(len=256) :: mode, path, arg, fn
  double precision, allocatable :: a(:), b(:), tab(:)
  double precision :: t0, t, tmax, p(8)
  integer(kind=8) :: sz
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, arg); read(arg, *) n; n = n * 1024
  call get_command_argument(3, arg); read(arg, *) steps
  call get_command_argument(4, arg); read(arg, *) sweeps
  call get_command_argument(5, path)
  allocate(a(0:n+1), b(0:n+1))
  do i = 0, n + 1
    a(i) = mod(i * 7 + rank, 101)
  end do
  p = 1d0
  nt = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  if (mode == 'reread' .or. mode == 'readonce') then
    inquire(file=trim(path), size=sz)
    nt = int(sz / 8)
    allocate(tab(nt))
  end if
  if (mode == 'readonce') call readtab()
  if (mode == 'cfg') then
    if (rank == 0) then
      open(newunit=u, file=trim(path), status='old', action='read')
      do k = 1, 8
        read(u, *) arg, p(k)
      end do
      close(u)
    end if
    call MPI_Bcast(p, 8, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  end if
  do s = 1, steps
    if (mode == 'reread') call readtab()
    do k = 1, sweeps
      b(1:n) = 0.5d0 * a(1:n) + 0.25d0 * p(1) * (a(0:n-1) + a(2:n+1))
      if (nt > 0) b(1:n:97) = b(1:n:97) + 1d-9 * tab(1 + mod(s * 131 + k, nt))
      a(1:n) = b(1:n)
    end do
  end do
  if (mode == 'fpp' .or. (mode == 'cfg' .and. rank == 0)) then
    if (mode == 'fpp') write(fn, '(a,a,i0)') trim(path), '.', rank
    if (mode == 'cfg') fn = trim(path) // '.out'
    open(newunit=u, file=trim(fn), access='stream', form='unformatted', status='replace', action='write')
    write(u) a(1:n)
    close(u)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,1x,a,i0,a,f8.3,a)', trim(mode), 'np ', np, ': ', tmax, ' s'
  call MPI_Finalize(ierr)
contains
  subroutine readtab()
    open(newunit=u, file=trim(path), access='stream', form='unformatted', status='old', action='read')
    read(u) tab
    close(u)
  end subroutine readtab
end program ftn47
