! app172.f90 - round 172 (labels172): a toy plane-wave DFT driver whose I/O follows what such codes do.
! Modes (argv 1):
!   gen    DIR                          make 3 pseudopotential text files (UPF-like) in DIR (serial, not logged)
!   scf    OUT PP NITER NR              every rank reads the 3 pseudos once; NITER SCF iterations; after each the
!                                       charge density (NR**3 doubles) is written collectively (MPI_File_write_at_all)
!                                       to OUT/charge-density.dat (overwritten); rank 0 writes OUT/scf.out (formatted)
!   wfc    OUT PP NITER NK NBND NPW     k-points round-robin over ranks (NK=7 on 4: 2/2/2/1); SCF loop with per-k
!                                       compute; at the end each rank writes one direct-access unformatted file per
!                                       k-point (record = one band, NPW complex(8)); rank 0 reduces the density and
!                                       writes OUT/charge-density.dat (unformatted sequential) and OUT/scf.out
!   rst    OUT NITER NK NBND NPW SYNC   per-SCF-iteration restart: each rank rewrites OUT/wfc<k>.rst (unformatted
!                                       sequential, one record a band) for its k-points every iteration;
!                                       SYNC=rec: flush + fsync after every record; SYNC=file: flush + fsync once a file
!   log    OUT NITER NLINES MODE        every rank writes its own log OUT/out.<rank>, NLINES lines an iteration;
!                                       MODE=reopen: open(position='append') / write / close for every line;
!                                       MODE=keep: the unit stays open
!   rhofmt OUT NITER NR                 SCF loop; after each iteration rank 0 gathers the NR**3 density (MPI_Gather)
!                                       and writes it as formatted text OUT/CHGCAR (5 values a line, replaced each
!                                       iteration: gfortran's formatted buffer writes ~4 KiB at a time unless
!                                       GFORTRAN_FORMATTED_BUFFER_SIZE is set); rank 0 writes OUT/scf.out
!   post   OUT PP NK NBND NPW           post-processing (projwfc-like): every rank reads the 3 pseudos and the whole
!                                       OUT/charge-density.dat (each needs all of it), then the direct-access wfc
!                                       files of its k-points (round-robin), record by record; rank 0 writes
!                                       OUT/projwfc.out (formatted). Inputs from a `wfc` run.
! COMPUTE (env, default 10): compute per iteration (units of ~ a few ms).
program app172
  use mpi
  use iso_c_binding
  implicit none
  interface
    integer(c_int) function c_fsync(fd) bind(c, name='fsync')
      import :: c_int
      integer(c_int), value :: fd
    end function
  end interface
  integer :: ierr, me, np, nargs
  character(len=256) :: mode, a(8)
  integer :: i, comp
  character(len=32) :: cenv

  nargs = command_argument_count()
  call get_command_argument(1, mode)
  do i = 2, min(nargs, 9)
    call get_command_argument(i, a(i-1))
  end do
  comp = 10
  call get_environment_variable('COMPUTE', cenv, status=ierr)
  if (ierr == 0) read(cenv, *) comp

  if (trim(mode) == 'gen') then
    call gen(trim(a(1)))
    stop
  end if
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, me, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  select case (trim(mode))
  case ('scf')
    call scf(trim(a(1)), trim(a(2)), ival(a(3)), ival(a(4)))
  case ('wfc')
    call wfc(trim(a(1)), trim(a(2)), ival(a(3)), ival(a(4)), ival(a(5)), ival(a(6)))
  case ('rst')
    call rst(trim(a(1)), ival(a(2)), ival(a(3)), ival(a(4)), ival(a(5)), trim(a(6)))
  case ('log')
    call logj(trim(a(1)), ival(a(2)), ival(a(3)), trim(a(4)))
  case ('rhofmt')
    call rhofmt(trim(a(1)), ival(a(2)), ival(a(3)))
  case ('post')
    call post(trim(a(1)), trim(a(2)), ival(a(3)), ival(a(4)), ival(a(5)))
  end select
  call MPI_Finalize(ierr)

contains

  integer function ival(s)
    character(len=*), intent(in) :: s
    read(s, *) ival
  end function

  ! compute: n units of a few ms of dense arithmetic (an FFT's worth of flops, roughly)
  real(8) function work(n, seed)
    integer, intent(in) :: n, seed
    integer :: k, j
    real(8) :: s
    s = 0d0
    do k = 1, n
      do j = 1, 200000
        s = s + sin(dble(j + k + seed) * 1d-3) * 1d-6
      end do
    end do
    work = s
  end function

  subroutine gen(dir)
    character(len=*), intent(in) :: dir
    integer :: u, ip, j, nmesh
    character(len=2) :: el(3) = ['Si', 'O ', 'H ']
    do ip = 1, 3
      nmesh = 1200 + 600 * ip
      open(newunit=u, file=dir//'/'//trim(el(ip))//'.pbe-rrkjus.UPF', status='replace')
      write(u, '(a)') '<UPF version="2.0.1">'
      write(u, '(a,a,a)') '  <PP_HEADER element="', trim(el(ip)), '" pseudo_type="US" functional="PBE"'
      write(u, '(a,i6,a)') '    mesh_size="', nmesh, '" number_of_proj="4"/>'
      write(u, '(a)') '  <PP_MESH>'
      write(u, '(a)') '    <PP_R>'
      write(u, '(4es25.15)') (dble(j) * 1d-3, j = 1, nmesh)
      write(u, '(a)') '    </PP_R>'
      write(u, '(a)') '    <PP_LOCAL>'
      write(u, '(4es25.15)') (-2d0 / (dble(j) * 1d-3 + 1d-2), j = 1, nmesh)
      write(u, '(a)') '    </PP_LOCAL>'
      do i = 1, 4
        write(u, '(a)') '    <PP_BETA>'
        write(u, '(4es25.15)') (exp(-dble(j) * 1d-3 * i), j = 1, nmesh)
        write(u, '(a)') '    </PP_BETA>'
      end do
      write(u, '(a)') '</UPF>'
      close(u)
    end do
  end subroutine

  ! every rank reads each pseudopotential once (as PWscf's read_pseudo does when each rank reads)
  subroutine readpp(pp, vloc)
    character(len=*), intent(in) :: pp
    real(8), intent(out) :: vloc
    character(len=2) :: el(3) = ['Si', 'O ', 'H ']
    character(len=200) :: line
    integer :: u, ip, nmesh, k, p
    real(8), allocatable :: r(:), v(:), b(:)
    vloc = 0d0
    do ip = 1, 3
      open(newunit=u, file=pp//'/'//trim(el(ip))//'.pbe-rrkjus.UPF', status='old', action='read')
      read(u, '(a)') line
      read(u, '(a)') line
      read(u, '(a)') line
      k = index(line, '"')
      read(line(k+1:k+6), '(i6)') nmesh
      allocate(r(nmesh), v(nmesh), b(nmesh))
      read(u, '(a)') line
      read(u, '(a)') line
      read(u, *) r
      read(u, '(a)') line
      read(u, '(a)') line
      read(u, *) v
      read(u, '(a)') line
      do p = 1, 4
        read(u, '(a)') line
        read(u, *) b
        read(u, '(a)') line
      end do
      close(u)
      vloc = vloc + sum(v) * 1d-6 + sum(b) * 1d-9
      deallocate(r, v, b)
    end do
  end subroutine

  subroutine scf(out, pp, niter, nr)
    character(len=*), intent(in) :: out, pp
    integer, intent(in) :: niter, nr
    real(8), allocatable :: rho(:)
    real(8) :: vloc, e, t0
    integer :: nloc, it, fh, u
    integer(kind=MPI_OFFSET_KIND) :: off
    integer :: st(MPI_STATUS_SIZE)
    t0 = MPI_Wtime()
    call readpp(pp, vloc)
    nloc = nr * nr * nr / np
    allocate(rho(nloc))
    if (me == 0) then
      open(newunit=u, file=out//'/scf.out', status='replace')
      write(u, '(a)') '     Program PWSCF (toy, app172) starts'
      write(u, '(a,i4,a,i4)') '     Parallel version (MPI), running on', np, ' processors; FFT grid', nr
      write(u, '(a,f12.6)') '     pseudopotentials read, vloc checksum', vloc
    end if
    do it = 1, niter
      e = work(comp, it + me)
      rho = vloc + e + dble(it)
      off = int(me, MPI_OFFSET_KIND) * nloc * 8
      call MPI_File_open(MPI_COMM_WORLD, out//'/charge-density.dat', MPI_MODE_CREATE + MPI_MODE_WRONLY, &
                         MPI_INFO_NULL, fh, ierr)
      call MPI_File_write_at_all(fh, off, rho, nloc, MPI_DOUBLE_PRECISION, st, ierr)
      call MPI_File_close(fh, ierr)
      if (me == 0) then
        write(u, '(/,a,i4)') '     iteration #', it
        write(u, '(a,f17.8,a)') '     total energy              =', -93.45d0 + e, ' Ry'
        write(u, '(a,es17.2,a)') '     estimated scf accuracy    <', 10d0**(-it), ' Ry'
        write(u, '(a,f10.2,a)') '     total cpu time spent up to now is', MPI_Wtime() - t0, ' secs'
      end if
    end do
    if (me == 0) then
      write(u, '(/,a)') '     convergence has been achieved'
      write(u, '(a)') '     JOB DONE.'
      close(u)
    end if
  end subroutine

  subroutine wfc(out, pp, niter, nk, nbnd, npw)
    character(len=*), intent(in) :: out, pp
    integer, intent(in) :: niter, nk, nbnd, npw
    complex(8), allocatable :: evc(:,:)
    real(8), allocatable :: rho(:), rhot(:)
    real(8) :: vloc, e, et
    integer :: it, k, ib, u, uw, nrho
    character(len=300) :: fn
    call readpp(pp, vloc)
    allocate(evc(npw, nbnd))
    nrho = 64 * 64 * 64
    allocate(rho(nrho), rhot(nrho))
    if (me == 0) then
      open(newunit=u, file=out//'/scf.out', status='replace')
      write(u, '(a,i4,a,i4,a)') '     Program PWSCF (toy, app172):', np, ' processors,', nk, ' k-points'
    end if
    do it = 1, niter
      et = 0d0
      do k = me + 1, nk, np                     ! k-points round-robin: ranks own 2/2/2/1 of 7
        e = work(comp, it + k)
        et = et + e
      end do
      call MPI_Allreduce(MPI_IN_PLACE, et, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
      if (me == 0) write(u, '(a,i4,a,f17.8,a)') '     iteration #', it, '   total energy =', -93.45d0 + et, ' Ry'
    end do
    ! wavefunctions: one direct-access file per k-point, one record per band (as PWscf's per-k wfc files)
    do k = me + 1, nk, np
      do ib = 1, nbnd
        evc(:, ib) = cmplx(dble(ib + k), dble(it), kind=8)
      end do
      write(fn, '(a,a,i0,a)') out, '/wfc', k, '.dat'
      open(newunit=uw, file=trim(fn), form='unformatted', access='direct', recl=npw * 16, status='replace')
      do ib = 1, nbnd
        write(uw, rec=ib) evc(:, ib)
      end do
      close(uw)
    end do
    ! charge density: summed to rank 0, one unformatted sequential file (header record + data record)
    rho = dble(me) + vloc
    call MPI_Reduce(rho, rhot, nrho, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    if (me == 0) then
      open(newunit=uw, file=out//'/charge-density.dat', form='unformatted', status='replace')
      write(uw) 64, 64, 64, 1
      write(uw) rhot
      close(uw)
      write(u, '(a)') '     Writing output data file ./pwscf.save/'
      write(u, '(a)') '     JOB DONE.'
      close(u)
    end if
  end subroutine

  subroutine rst(out, niter, nk, nbnd, npw, sync)
    character(len=*), intent(in) :: out, sync
    integer, intent(in) :: niter, nk, nbnd, npw
    complex(8), allocatable :: evc(:,:)
    real(8) :: e
    integer :: it, k, ib, uw, rc, u
    character(len=300) :: fn
    e = 0d0
    allocate(evc(npw, nbnd))
    if (me == 0) open(newunit=u, file=out//'/scf.out', status='replace')
    do it = 1, niter
      do k = me + 1, nk, np
        e = work(comp, it + k)
        do ib = 1, nbnd
          evc(:, ib) = cmplx(e, dble(ib + k + it), kind=8)
        end do
      end do
      ! restart: every iteration each rank rewrites the wavefunctions of its k-points
      do k = me + 1, nk, np
        write(fn, '(a,a,i0,a)') out, '/wfc', k, '.rst'
        open(newunit=uw, file=trim(fn), form='unformatted', status='replace')
        write(uw) it, k, nbnd, npw
        do ib = 1, nbnd
          write(uw) evc(:, ib)
          if (sync == 'rec') then
            flush(uw)
            rc = c_fsync(int(fnum(uw), c_int))
          end if
        end do
        if (sync == 'file') then
          flush(uw)
          rc = c_fsync(int(fnum(uw), c_int))
        end if
        close(uw)
      end do
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
      if (me == 0) write(u, '(a,i4,a,f17.8,a)') '     iteration #', it, '   total energy =', -93.45d0 + e, ' Ry'
    end do
    if (me == 0) close(u)
  end subroutine

  subroutine logj(out, niter, nlines, lmode)
    character(len=*), intent(in) :: out, lmode
    integer, intent(in) :: niter, nlines
    integer :: it, l, u
    real(8) :: e
    character(len=300) :: fn
    write(fn, '(a,a,i0)') out, '/out.', me
    if (lmode == 'keep') open(newunit=u, file=trim(fn), status='replace')
    do it = 1, niter
      e = work(comp, it + me)
      do l = 1, nlines
        ! e.g. band energies at each k-point, one line each
        if (lmode == 'reopen') open(newunit=u, file=trim(fn), position='append', action='write')
        write(u, '(a,i4,a,i5,a,f14.8,a)') '     iter', it, '  band', l, '  e(k) =', e * l - 5d0, ' eV'
        if (lmode == 'reopen') close(u)
      end do
    end do
    if (lmode == 'keep') close(u)
  end subroutine

  subroutine rhofmt(out, niter, nr)
    character(len=*), intent(in) :: out
    integer, intent(in) :: niter, nr
    real(8), allocatable :: rho(:), rhot(:)
    real(8) :: e
    integer :: it, nloc, u, uc, i
    nloc = nr * nr * nr / np
    allocate(rho(nloc))
    if (me == 0) then
      allocate(rhot(nloc * np))
      open(newunit=u, file=out//'/scf.out', status='replace')
    else
      allocate(rhot(1))
    end if
    do it = 1, niter
      e = work(comp, it + me)
      do i = 1, nloc
        rho(i) = e + sin(dble(i + me * nloc) * 1d-4) + dble(it)
      end do
      call MPI_Gather(rho, nloc, MPI_DOUBLE_PRECISION, rhot, nloc, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
      if (me == 0) then
        ! VASP-CHGCAR-like text density, rewritten every iteration
        open(newunit=uc, file=out//'/CHGCAR', status='replace')
        write(uc, '(a)') 'toy system (app172)'
        write(uc, '(3i5)') nr, nr, nr
        write(uc, '(5es18.10)') rhot
        close(uc)
        write(u, '(a,i4,a,f17.8,a)') '     iteration #', it, '   total energy =', -93.45d0 + e, ' Ry'
      end if
    end do
    if (me == 0) close(u)
  end subroutine

  subroutine post(out, pp, nk, nbnd, npw)
    character(len=*), intent(in) :: out, pp
    integer, intent(in) :: nk, nbnd, npw
    complex(8), allocatable :: evc(:)
    real(8), allocatable :: rho(:)
    real(8) :: vloc, e, proj, projt
    integer :: k, ib, u, uw, n1, n2, n3, ns
    character(len=300) :: fn
    call readpp(pp, vloc)
    ! every rank reads the whole density (each needs all of it)
    open(newunit=uw, file=out//'/charge-density.dat', form='unformatted', status='old', action='read')
    read(uw) n1, n2, n3, ns
    allocate(rho(n1 * n2 * n3))
    read(uw) rho
    close(uw)
    allocate(evc(npw))
    if (me == 0) then
      open(newunit=u, file=out//'/projwfc.out', status='replace')
      write(u, '(a,i4,a)') '     Program PROJWFC (toy, app172):', np, ' processors'
    end if
    proj = 0d0
    do k = me + 1, nk, np
      write(fn, '(a,a,i0,a)') out, '/wfc', k, '.dat'
      open(newunit=uw, file=trim(fn), form='unformatted', access='direct', recl=npw * 16, status='old', action='read')
      do ib = 1, nbnd
        read(uw, rec=ib) evc
        e = work(comp, k + ib)
        proj = proj + abs(sum(evc)) * 1d-9 + e
      end do
      close(uw)
    end do
    call MPI_Reduce(proj, projt, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    if (me == 0) then
      write(u, '(a,f14.6,a,f12.6)') '     sum of projections', projt, '   rho(1) =', rho(1) + vloc
      write(u, '(a)') '     JOB DONE.'
      close(u)
    end if
  end subroutine
end program
