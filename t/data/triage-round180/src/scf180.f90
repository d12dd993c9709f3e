! Round 180 (labels180), kind 11: conventional (disk-based) SCF, the way older quantum-chemistry codes do it.
! The two-electron integrals are computed once and written to a scratch file in $TMPDIR as unformatted sequential
! records (a count, 4096 packed labels, 4096 values); every SCF iteration rewinds the file and reads it whole to
! build the Fock matrix; the MO coefficients are written to a checkpoint file after every iteration
! (open / write / close), and the log goes to stdout.
! Usage: scf180 SCRDIR CHKFILE NBF NREC MAXIT   (INCORE=1 in the environment keeps the integrals in memory)
program scf180
  implicit none
  integer, parameter :: nb = 4096
  character(len=512) :: scrdir, chk, arg, envv
  integer :: nbf, nrec, maxit, it, r, k, i, j, n, ios, incore
  integer(8), allocatable :: lab(:), alllab(:,:)
  real(8), allocatable :: val(:), allval(:,:), d(:,:), f(:,:), c(:,:)
  real(8) :: e, eold, t0, t1
  integer(8) :: p

  call get_command_argument(1, scrdir); call get_command_argument(2, chk)
  call get_command_argument(3, arg); read(arg,*) nbf
  call get_command_argument(4, arg); read(arg,*) nrec
  call get_command_argument(5, arg); read(arg,*) maxit
  call get_environment_variable('INCORE', envv, status=ios)
  incore = 0
  if (ios == 0 .and. len_trim(envv) > 0) read(envv,*) incore
  allocate(lab(nb), val(nb), d(nbf,nbf), f(nbf,nbf), c(nbf,nbf))
  if (incore /= 0) allocate(alllab(nb,nrec), allval(nb,nrec))
  call cpu_time(t0)
  ! ---- integrals: computed once, written to scratch ----
  if (incore == 0) open(unit=11, file=trim(scrdir)//'/scf.ints', form='unformatted', access='sequential', &
       status='replace', action='readwrite')
  p = 0
  do r = 1, nrec
     do k = 1, nb
        p = p + 1
        lab(k) = mod(p * 2654435761_8, int(nbf,8)**4)
        val(k) = exp(-1.0d-6 * dble(mod(p, 1000003_8))) / (1.0d0 + dble(mod(p, 97_8)))
     end do
     if (incore == 0) then
        write(11) nb, lab, val
     else
        alllab(:, r) = lab; allval(:, r) = val
     end if
  end do
  call cpu_time(t1)
  write(*,'(a,i0,a,i0,a,f8.3,a)') ' integrals: ', nrec, ' records of ', nb, ' (', t1 - t0, ' s cpu)'
  ! ---- SCF iterations ----
  do i = 1, nbf
     do j = 1, nbf
        d(i,j) = merge(1.0d0, 0.0d0, i == j) * 0.5d0
     end do
  end do
  eold = 0
  do it = 1, maxit
     f = 0
     do i = 1, nbf
        f(i,i) = -1.0d0 / dble(i)
     end do
     if (incore == 0) rewind(11)
     do r = 1, nrec
        if (incore == 0) then
           read(11) n, lab, val
        else
           lab = alllab(:, r); val = allval(:, r)
        end if
        do k = 1, nb
           i = int(mod(lab(k), int(nbf,8))) + 1
           j = int(mod(lab(k) / nbf, int(nbf,8))) + 1
           f(i,j) = f(i,j) + val(k) * d(j,i)
           f(j,i) = f(j,i) + val(k) * d(i,j)
        end do
     end do
     ! toy "diagonalisation": damped update of the density from the Fock matrix
     do j = 1, nbf
        do i = 1, nbf
           c(i,j) = f(i,j) / (1.0d0 + abs(f(i,j)))
        end do
     end do
     d = 0.7d0 * d + 0.3d0 * 0.5d0 * (c + transpose(c)) / dble(nbf)
     e = 0
     do i = 1, nbf
        e = e + d(i,i) * f(i,i)
     end do
     write(*,'(a,i3,a,f20.12,a,es10.2)') ' iter ', it, '  E = ', e, '  dE = ', e - eold
     eold = e
     open(unit=12, file=trim(chk), form='unformatted', access='sequential', status='replace')
     write(12) nbf, it, e
     write(12) c
     close(12)
  end do
  if (incore == 0) close(11, status='delete')
  write(*,'(a)') ' SCF done'
end program scf180
