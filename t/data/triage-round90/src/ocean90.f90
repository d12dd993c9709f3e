! ocean90.f90: round 90 (labels90), an ocean-model-like MPI program in Fortran whose I/O is the point.
! Usage: mpirun -np N ocean90 MODE DIR NSTEPS NOUT WORK
!   MODE hist      rank 0 reads the namelist and broadcasts it, every rank reads the whole grid file;
!                  NSTEPS steps of a 3-D tracer update; every NOUT steps the history record (T and S)
!                  is written collectively through a subarray file view (MPI_File_write_all); restart
!                  written the same way at the end.
!        diag      as hist, and each rank writes one diagnostics line per step to its own diag.NNNN
!                  with a formatted WRITE (gfortran's buffered unit).
!        diagflush as diag, with FLUSH after every line (each line reaches the file system alone).
!        colwrite  as hist, but the history is written column by column, one MPI_File_write_at per
!                  water column (nz doubles) at its own offset: independent small writes.
!        forceeach as hist, and every step every rank opens the forcing file (12 monthly surface heat-flux
!                  fields of NX x NY) and reads all of it again (the read sits inside the time loop).
!        forceonce as forceeach, with the forcing read once before the loop (the fix).
!        mkrst     writes per-rank unformatted sequential restart files rst.NNNN (setup, not logged).
!        restart   each rank reads its rst.NNNN (a header record, then one record per level), runs,
!                  and writes rst.NNNN again.
! The grid is NX x NY columns of NZ levels, split over a PX x PY process grid (from MPI_Dims_create).
program ocean90
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: ierr, rank, nprocs, dims(2), coords(2), nx, ny, nz, nxl, nyl, i0, j0
  integer :: nsteps, nout, work, step, irec, u, k, i, j, w
  character(len=16) :: mode
  character(len=256) :: dir, arg
  real(dp), allocatable :: t(:,:,:), s(:,:,:), grid(:), f(:,:,:)
  real(dp) :: dt, kappa, acc
  namelist /ocean/ nx, ny, nz, dt, kappa

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call get_command_argument(1, mode)
  call get_command_argument(2, dir)
  call get_command_argument(3, arg); read(arg, *) nsteps
  call get_command_argument(4, arg); read(arg, *) nout
  call get_command_argument(5, arg); read(arg, *) work

  ! the namelist is small: rank 0 reads it and broadcasts it (the usual shape)
  if (rank == 0) then
    open(newunit=u, file=trim(dir)//'/ocean.nml', status='old', action='read')
    read(u, nml=ocean)
    close(u)
  end if
  call MPI_Bcast(nx, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(ny, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(nz, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(kappa, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)

  dims = 0
  call MPI_Dims_create(nprocs, 2, dims, ierr)
  coords(1) = mod(rank, dims(1)); coords(2) = rank / dims(1)
  nxl = nx / dims(1); nyl = ny / dims(2)
  i0 = coords(1) * nxl; j0 = coords(2) * nyl
  allocate(t(nz, nxl, nyl), s(nz, nxl, nyl), grid(2*(nx+ny)+nz))

  ! every rank reads the whole (small) grid file: longitudes, latitudes, depths
  open(newunit=u, file=trim(dir)//'/grid.dat', access='stream', form='unformatted', status='old', action='read')
  read(u) grid
  close(u)

  do j = 1, nyl
    do i = 1, nxl
      do k = 1, nz
        t(k, i, j) = 20.0_dp - grid(2*(nx+ny) + k) * 0.01_dp + 0.001_dp * (i0 + i)
        s(k, i, j) = 35.0_dp + 0.0001_dp * (j0 + j)
      end do
    end do
  end do

  step = 0
  if (trim(mode) == 'mkrst') then
    call write_rst()
    call MPI_Finalize(ierr)
    stop
  end if
  if (trim(mode) == 'restart') call read_rst()
  if (trim(mode) == 'diag' .or. trim(mode) == 'diagflush') then
    write(arg, '(a,"/diag.",i4.4)') trim(dir), rank
    open(newunit=u, file=trim(arg), status='replace', action='write')
  end if

  irec = 0; step = 0
  do step = 1, nsteps
    do w = 1, work
      call tracer_step()
    end do
    if (trim(mode) == 'forceeach' .or. (trim(mode) == 'forceonce' .and. step == 1)) call read_forcing()
    if (allocated(f)) t(1, :, :) = t(1, :, :) + dt * 1.0e-7_dp * f(i0+1:i0+nxl, j0+1:j0+nyl, mod(step, 12) + 1)
    if (trim(mode) == 'diag' .or. trim(mode) == 'diagflush') then
      write(u, '(i6,3es16.8,2f10.4)') step, sum(t), sum(s), maxval(t), minval(t(1,:,:)), maxval(s(1,:,:))
      if (trim(mode) == 'diagflush') flush(u)
    end if
    if (nout > 0 .and. mod(step, nout) == 0) then
      if (trim(mode) == 'colwrite') then
        call write_columns(trim(dir)//'/hist.bin', irec)
      else
        call write_coll(trim(dir)//'/hist.bin', irec)
      end if
      irec = irec + 1
      if (rank == 0) print '("step ",i6," history record ",i4)', step, irec
    end if
  end do
  if (trim(mode) == 'diag' .or. trim(mode) == 'diagflush') close(u)
  if (trim(mode) == 'restart') then
    call write_rst()
  else
    call write_coll(trim(dir)//'/restart.bin', 0)
  end if
  acc = sum(t)
  call MPI_Allreduce(MPI_IN_PLACE, acc, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '("done ",a," sum(T) ",es16.8)', trim(mode), acc
  call MPI_Finalize(ierr)

contains

  ! one explicit diffusion step of T and S (periodic inside the rank's block: the I/O is the point)
  subroutine tracer_step()
    integer :: ii, jj, kk, ip, im, jp, jm
    do jj = 1, nyl
      jp = merge(1, jj + 1, jj == nyl); jm = merge(nyl, jj - 1, jj == 1)
      do ii = 1, nxl
        ip = merge(1, ii + 1, ii == nxl); im = merge(nxl, ii - 1, ii == 1)
        do kk = 1, nz
          t(kk, ii, jj) = t(kk, ii, jj) + kappa * dt * (t(kk, ip, jj) + t(kk, im, jj) + t(kk, ii, jp) &
            + t(kk, ii, jm) - 4.0_dp * t(kk, ii, jj))
          s(kk, ii, jj) = s(kk, ii, jj) + kappa * dt * (s(kk, ip, jj) + s(kk, im, jj) - 2.0_dp * s(kk, ii, jj))
        end do
      end do
    end do
  end subroutine tracer_step

  ! record irec of a file holding (T, S) records of the global (nz, nx, ny) arrays: a subarray view
  subroutine write_coll(path, rec)
    character(len=*), intent(in) :: path
    integer, intent(in) :: rec
    integer :: fh, ftype, e, gsz(3), lsz(3), st(3)
    integer(kind=MPI_OFFSET_KIND) :: disp
    gsz = (/ nz, nx, ny /); lsz = (/ nz, nxl, nyl /); st = (/ 0, i0, j0 /)
    call MPI_Type_create_subarray(3, gsz, lsz, st, MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, ftype, e)
    call MPI_Type_commit(ftype, e)
    call MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY + MPI_MODE_CREATE, MPI_INFO_NULL, fh, e)
    disp = int(rec, MPI_OFFSET_KIND) * 2_MPI_OFFSET_KIND * 8_MPI_OFFSET_KIND * nz * nx * ny
    call MPI_File_set_view(fh, disp, MPI_DOUBLE_PRECISION, ftype, 'native', MPI_INFO_NULL, e)
    call MPI_File_write_all(fh, t, nz * nxl * nyl, MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, e)
    call MPI_File_write_all(fh, s, nz * nxl * nyl, MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, e)
    call MPI_File_close(fh, e)
    call MPI_Type_free(ftype, e)
  end subroutine write_coll

  ! the same record written one water column at a time with independent writes at explicit offsets
  subroutine write_columns(path, rec)
    character(len=*), intent(in) :: path
    integer, intent(in) :: rec
    integer :: fh, e, ii, jj
    integer(kind=MPI_OFFSET_KIND) :: base, off, fld
    call MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY + MPI_MODE_CREATE, MPI_INFO_NULL, fh, e)
    fld = 8_MPI_OFFSET_KIND * nz * nx * ny
    base = int(rec, MPI_OFFSET_KIND) * 2_MPI_OFFSET_KIND * fld
    do jj = 1, nyl
      do ii = 1, nxl
        off = base + 8_MPI_OFFSET_KIND * nz * ((i0 + ii - 1) + int(nx, MPI_OFFSET_KIND) * (j0 + jj - 1))
        call MPI_File_write_at(fh, off, t(1, ii, jj), nz, MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, e)
        call MPI_File_write_at(fh, off + fld, s(1, ii, jj), nz, MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, e)
      end do
    end do
    call MPI_File_close(fh, e)
  end subroutine write_columns

  ! the whole forcing file (12 monthly NX x NY fields, stream) into f
  subroutine read_forcing()
    integer :: uf
    if (.not. allocated(f)) allocate(f(nx, ny, 12))
    open(newunit=uf, file=trim(dir)//'/forcing.dat', access='stream', form='unformatted', status='old', action='read')
    read(uf) f
    close(uf)
  end subroutine read_forcing

  ! per-rank unformatted sequential restart: a header record, then T and S one level a record
  subroutine write_rst()
    integer :: ur, kk
    character(len=256) :: p
    write(p, '(a,"/rst.",i4.4)') trim(dir), rank
    open(newunit=ur, file=trim(p), form='unformatted', access='sequential', status='replace', action='write')
    write(ur) nz, nxl, nyl, i0, j0, step
    do kk = 1, nz
      write(ur) t(kk, :, :)
      write(ur) s(kk, :, :)
    end do
    close(ur)
  end subroutine write_rst

  subroutine read_rst()
    integer :: ur, kk, h(6)
    character(len=256) :: p
    write(p, '(a,"/rst.",i4.4)') trim(dir), rank
    open(newunit=ur, file=trim(p), form='unformatted', access='sequential', status='old', action='read')
    read(ur) h
    do kk = 1, nz
      read(ur) t(kk, :, :)
      read(ur) s(kk, :, :)
    end do
    close(ur)
  end subroutine read_rst

end program ocean90
