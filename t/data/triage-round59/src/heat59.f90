! Round 59: a serial Fortran code (2-D heat equation) run at 1 rank, output written once at the end.
program heat59
  use mpi
  implicit none
  integer, parameter :: n = 600
  real(8), allocatable :: u(:,:), v(:,:)
  integer :: ierr, i, j, t, nsteps
  character(len=256) :: out
  call MPI_Init(ierr)
  call get_command_argument(1, out)
  nsteps = 9000
  allocate(u(n,n), v(n,n))
  u = 0d0; u(1,:) = 1d0; v = u
  do t = 1, nsteps
    do j = 2, n-1
      do i = 2, n-1
        v(i,j) = 0.25d0*(u(i-1,j)+u(i+1,j)+u(i,j-1)+u(i,j+1))
      end do
    end do
    u = v
    if (mod(t, 500) == 0) print '(a,i6,a,es14.6)', 'step ', t, ' mean ', sum(u)/(n*n)
  end do
  open(10, file=trim(out)//'.txt', status='replace', action='write')
  do j = 1, n, 10
    write(10, '(60es12.4)') (u(i,j), i = 1, n, 10)
  end do
  close(10)
  open(11, file=trim(out)//'.bin', status='replace', access='stream', form='unformatted')
  write(11) u
  close(11)
  call MPI_Finalize(ierr)
end program heat59
