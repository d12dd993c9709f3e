! ftn50: round 50's Fortran MPI programs (issue 34). A 2-D heat-equation relaxation, rows split over the ranks.
! usage: ftn50 solve NAMELIST OUTPREFIX  -- rank 0 reads &run nx, ny, steps / and broadcasts it; long compute;
!                                           each rank writes its block to OUTPREFIX.RANK (unformatted stream)
!        ftn50 diag  NAMELIST OUTPREFIX flush|noflush -- the same loop, each rank writes a diagnostic line a
!                                           step to OUTPREFIX.RANK (formatted), with FLUSH after each or not
program ftn50
  use mpi
  implicit none
  integer :: ierr, rank, np, nx, ny, steps, s, i, j, u, nl
  character(len=512) :: mode, nml_path, prefix, fl, path
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: t0, t1, resid, tmax
  logical :: doflush
  namelist /run/ nx, ny, steps
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, nml_path)
  call get_command_argument(3, prefix)
  call get_command_argument(4, fl)
  doflush = (trim(fl) == 'flush')
  nx = 0; ny = 0; steps = 0
  if (rank == 0) then
    open(newunit=nl, file=trim(nml_path), status='old', action='read')
    read(nl, nml=run)
    close(nl)
  end if
  call MPI_Bcast(nx, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(ny, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(steps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  allocate(a(nx, 0:ny+1), b(nx, 0:ny+1))
  do j = 0, ny + 1
    do i = 1, nx
      a(i, j) = mod(i * 31 + j * 17 + rank, 101) / 101.0d0
    end do
  end do
  b = a
  write(path, '(a,a,i0)') trim(prefix), '.', rank
  if (trim(mode) == 'diag') open(newunit=u, file=trim(path), status='replace', action='write', form='formatted')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, steps
    call halo()
    do j = 1, ny
      do i = 2, nx - 1
        b(i, j) = 0.25d0 * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1))
      end do
    end do
    resid = sum(abs(b(:, 1:ny) - a(:, 1:ny)))
    a = b
    if (trim(mode) == 'diag') then
      write(u, '(a,i7,a,es16.8,a,es16.8)') 'step ', s, ' resid ', resid, ' mean ', sum(a(:, 1:ny)) / (nx * ny)
      if (doflush) flush(u)
    end if
  end do
  t1 = MPI_Wtime()
  if (trim(mode) == 'diag') close(u)
  if (trim(mode) == 'solve') then
    open(newunit=u, file=trim(path), status='replace', action='write', form='unformatted', access='stream')
    write(u) a(:, 1:ny)
    close(u)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime() - t1
  t0 = MPI_Wtime() - t0
  call MPI_Reduce(t0, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,a,a,i0,a,f8.3,a,f8.3,a)', 'ftn50 ', trim(mode), ' np ', np, ': wall ', tmax, &
    ' s (rank 0 after the loop ', t1, ' s)'
  call MPI_Finalize(ierr)
contains
  subroutine halo()
    integer :: lo, hi
    lo = rank - 1; hi = rank + 1
    if (lo < 0) lo = MPI_PROC_NULL
    if (hi >= np) hi = MPI_PROC_NULL
    call MPI_Sendrecv(a(:, 1), nx, MPI_DOUBLE_PRECISION, lo, 0, a(:, ny+1), nx, MPI_DOUBLE_PRECISION, hi, 0, &
      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(a(:, ny), nx, MPI_DOUBLE_PRECISION, hi, 1, a(:, 0), nx, MPI_DOUBLE_PRECISION, lo, 1, &
      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end subroutine halo
end program ftn50
