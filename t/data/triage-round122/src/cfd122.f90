! Round 122 (labels122): a thesis CFD-like solver (kind 7): Jacobi relaxation of a 2D Poisson problem.
! Reads a small namelist deck, prints residuals to stdout, writes one unformatted stream restart at the end.
program cfd122
  implicit none
  integer :: n, iters, it, u
  real(8), allocatable :: a(:,:), b(:,:)
  real(8) :: res
  character(len=256) :: deck, restart
  namelist /run/ n, iters
  call get_command_argument(1, deck)
  call get_command_argument(2, restart)
  open(newunit=u, file=trim(deck), status='old', action='read')
  read(u, nml=run)
  close(u)
  allocate(a(n,n), b(n,n))
  a = 0d0; a(:,1) = 1d0; b = a
  do it = 1, iters
     b(2:n-1,2:n-1) = 0.25d0*(a(1:n-2,2:n-1)+a(3:n,2:n-1)+a(2:n-1,1:n-2)+a(2:n-1,3:n))
     res = maxval(abs(b-a))
     a = b
     if (mod(it,100) == 0) print '(a,i6,a,es12.4)', 'iter', it, ' residual', res
  end do
  open(newunit=u, file=trim(restart), access='stream', form='unformatted', status='replace', action='write')
  write(u) n, it
  write(u) a
  close(u)
end program cfd122
