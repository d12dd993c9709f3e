! ftn49.f90: Fortran jobs of round 49 (issue 34): mesh (each rank loads its mesh partition with stream
! access at start), nml (a namelist read at start), twopass / onepass (a text table read by a reader that
! counts the lines first, rewinds and reads again; or one that takes the count from the header line).
! Usage: ftn49 MODE FILE NSTEPS. Then NSTEPS steps of a smoothing over the data that was read.
program ftn49
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, nsteps, u, n, m, i, s, ios
  character(len=256) :: mode, fname, arg
  double precision, allocatable :: xyz(:,:), f(:), g(:)
  integer, allocatable :: conn(:,:)
  double precision :: t0, t, tmax, dt, alpha, chk, a1, a2, a3
  integer :: nx
  namelist /params/ nx, dt, alpha
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, fname)
  call get_command_argument(3, arg)
  read (arg, *) nsteps
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  select case (trim(mode))
  case ('mesh')
    write (arg, '(a,".",i0)') trim(fname), rank
    open (newunit=u, file=trim(arg), access='stream', form='unformatted', status='old', action='read')
    read (u) n, m
    allocate (xyz(3, n), conn(4, m))
    read (u) xyz
    read (u) conn
    close (u)
    allocate (f(n), g(n))
    f = xyz(1, :) + xyz(3, :)
  case ('nml')
    open (newunit=u, file=trim(fname), status='old', action='read')
    read (u, nml=params)
    close (u)
    n = nx
    allocate (f(n), g(n))
    do i = 1, n
      f(i) = mod(i * 7 + rank, 13) * alpha
    end do
  case ('twopass', 'onepass')
    open (newunit=u, file=trim(fname), status='old', action='read')
    if (trim(mode) == 'twopass') then
      read (u, *) ! header
      n = 0
      do
        read (u, *, iostat=ios) a1, a2, a3
        if (ios /= 0) exit
        n = n + 1
      end do
      rewind (u)
      read (u, *)
    else
      read (u, *) n
    end if
    allocate (xyz(3, n))
    do i = 1, n
      read (u, *) xyz(:, i)
    end do
    close (u)
    allocate (f(n), g(n))
    f = xyz(1, :) * xyz(2, :) + xyz(3, :)
  case default
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end select
  ! compute: repeated three-point smoothing, the work that uses what was read
  do s = 1, nsteps
    g(2:n-1) = 0.5d0 * f(2:n-1) + 0.25d0 * (f(1:n-2) + f(3:n))
    f(2:n-1) = g(2:n-1)
  end do
  chk = f(n / 2)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,": ",f0.3," s (check ",es12.5,")")', trim(mode), tmax, chk
  call MPI_Finalize(ierr)
end program ftn49
