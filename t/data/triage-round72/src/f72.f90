! Round 72: legacy Fortran I/O idioms around one MPI 1-D Jacobi stencil (real arithmetic, no sleep).
! usage: f72 MODE STEPS SWEEPS N ...   (see run_all.sh for each mode's own arguments)
program f72
  use mpi
  implicit none
  integer :: ierr, rank, np, steps, sweeps, n, every, i, s, u, k, nrec, recl, nupd, seed
  character(len=32) :: mode, arg, variant
  character(len=256) :: path, fname
  double precision, allocatable :: a(:), b(:), rbuf(:)
  double precision :: t0, t1, tmax, res
  ! namelist input, as every legacy code has one
  double precision :: alpha = 0.5d0, dt = 1d-3
  integer :: nsteps = 0, iwrite = 10
  character(len=64) :: title = 'none'
  namelist /run/ alpha, dt, nsteps, iwrite, title

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, arg); read(arg, *) sweeps
  call get_command_argument(4, arg); read(arg, *) n
  call get_command_argument(5, path)
  allocate(a(0:n+1), b(0:n+1))
  do i = 0, n+1
    a(i) = sin(0.001d0 * (i + rank * n))
  end do
  b = a
  every = 0; variant = ''
  if (mode /= 'nml') then
    call get_command_argument(6, arg); read(arg, *) every
    call get_command_argument(7, variant)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()

  select case (trim(mode))
  case ('nml')
    ! every rank opens and reads the same namelist file
    open(newunit=u, file=trim(path), status='old', action='read')
    read(u, nml=run)
    close(u)
    do s = 1, steps
      call sweep(res)
      if (rank == 0 .and. mod(s, 5) == 0) write(*,*) 'step', s, 'res', res, 'alpha', alpha
    end do
  case ('fmt')
    do s = 1, steps
      call sweep(res)
      if (mod(s, every) == 0) then
        write(fname, '(a,a,i6.6,a,i4.4,a)') trim(path), '.', s, '.', rank, '.txt'
        open(newunit=u, file=trim(fname), status='replace', form='formatted', action='write')
        if (variant == 'elem') then
          do i = 1, n
            write(u, '(i8,es16.8)') i, a(i)
          end do
        else
          write(u, '(i8,es16.8)') (i, a(i), i = 1, n)
        end if
        close(u)
      end if
    end do
  case ('unf')
    ! one file per rank, its name made by an internal WRITE
    write(fname, '(a,a,i4.4,a)') trim(path), '_rank', rank, '.dat'
    open(newunit=u, file=trim(fname), status='replace', form='unformatted', access='sequential')
    write(u) n, steps, every
    do s = 1, steps
      call sweep(res)
      if (mod(s, every) == 0) then
        write(u) s, res
        write(u) a(1:n)
      end if
    end do
    close(u)
  case ('rst')
    do s = 1, steps
      call sweep(res)
      if (mod(s, every) == 0) then
        write(fname, '(a,a,i4.4,a)') trim(path), '.', rank, '.rst'
        if (variant == 'ascii') then
          open(newunit=u, file=trim(fname), status='replace', form='formatted')
          write(u, '(a,i8,i10)') '# restart step n', s, n
          write(u, '(es24.16)') (a(i), i = 1, n)
        else
          open(newunit=u, file=trim(fname), status='replace', form='unformatted', access='stream')
          write(u) s, n, a(1:n)
        end if
        close(u)
      end if
    end do
  case ('oc')
    write(fname, '(a,a,i4.4,a)') trim(path), '.', rank, '.hist'
    open(newunit=u, file=trim(fname), status='replace'); close(u)
    if (variant == 'once') open(newunit=u, file=trim(fname), position='append')
    do s = 1, steps
      call sweep(res)
      if (variant == 'loop') open(newunit=u, file=trim(fname), position='append')
      write(u, '(i8,3es16.8)') s, res, a(1), a(n/2)
      if (variant == 'loop') close(u)
    end do
    if (variant == 'once') close(u)
  case ('direct')
    ! a direct-access table of nrec records of recl doubles, nupd records updated in place a step
    call get_command_argument(8, arg); read(arg, *) nrec
    call get_command_argument(9, arg); read(arg, *) recl
    call get_command_argument(10, arg); read(arg, *) nupd
    allocate(rbuf(recl))
    write(fname, '(a,a,i4.4,a)') trim(path), '.', rank, '.tab'
    open(newunit=u, file=trim(fname), status='replace', access='direct', form='unformatted', recl=8*recl)
    rbuf = 0d0
    do k = 1, nrec
      write(u, rec=k) rbuf
    end do
    seed = 72 + rank
    do s = 1, steps
      call sweep(res)
      if (mod(s, every) == 0) then
        do k = 1, nupd
          seed = mod(seed * 1103515245 + 12345, 2147483647)
          if (seed < 0) seed = -seed
          i = 1 + mod(seed, nrec)
          read(u, rec=i) rbuf
          rbuf = rbuf + a(1:recl) * res
          write(u, rec=i) rbuf
        end do
      end if
    end do
    close(u)
  end select

  t1 = MPI_Wtime() - t0
  call MPI_Reduce(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) write(*, '(a,a,a,f8.3)') 'f72 ', trim(mode), ' slowest rank s ', tmax
  call MPI_Finalize(ierr)
contains
  subroutine sweep(r)
    double precision, intent(out) :: r
    integer :: j, it, lft, rgt, st(MPI_STATUS_SIZE)
    lft = rank - 1; rgt = rank + 1
    if (lft < 0) lft = MPI_PROC_NULL
    if (rgt >= np) rgt = MPI_PROC_NULL
    do it = 1, sweeps
      call MPI_Sendrecv(a(n), 1, MPI_DOUBLE_PRECISION, rgt, 1, a(0), 1, MPI_DOUBLE_PRECISION, lft, 1, &
                        MPI_COMM_WORLD, st, ierr)
      call MPI_Sendrecv(a(1), 1, MPI_DOUBLE_PRECISION, lft, 2, a(n+1), 1, MPI_DOUBLE_PRECISION, rgt, 2, &
                        MPI_COMM_WORLD, st, ierr)
      do j = 1, n
        b(j) = 0.25d0 * (a(j-1) + 2d0 * a(j) + a(j+1)) + 1d-6 * sin(a(j))
      end do
      a(1:n) = b(1:n)
    end do
    r = sum(abs(a(1:n))) / n
    call MPI_Allreduce(MPI_IN_PLACE, r, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end subroutine sweep
end program f72
