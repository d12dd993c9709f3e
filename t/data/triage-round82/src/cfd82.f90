! Round 82's cfd (labels82): 2-D Jacobi/finite-volume relaxation, row blocks a rank, halo exchange;
! every `every` steps each rank writes its block to its own unformatted stream restart file (overwritten).
program cfd82
  use mpi
  implicit none
  integer, parameter :: n = 1024
  integer :: ierr, rank, np, nl, s, steps, every, u, up, dn
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: t0
  character(len=256) :: arg, fname
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) steps
  call get_command_argument(2, arg); read(arg, *) every
  call get_command_argument(3, arg)
  write(fname, '(a,a,i0,a)') trim(arg), '/restart.', rank, '.bin'
  nl = n / np
  allocate(a(n, 0:nl+1), b(n, 0:nl+1))
  a = 0d0; a(1, :) = 1d0; b = a
  up = rank + 1; dn = rank - 1
  if (up >= np) up = MPI_PROC_NULL
  if (dn < 0) dn = MPI_PROC_NULL
  t0 = MPI_Wtime()
  do s = 1, steps
    call MPI_Sendrecv(a(:,nl), n, MPI_DOUBLE_PRECISION, up, 0, a(:,0), n, MPI_DOUBLE_PRECISION, dn, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(a(:,1), n, MPI_DOUBLE_PRECISION, dn, 1, a(:,nl+1), n, MPI_DOUBLE_PRECISION, up, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    b(2:n-1, 1:nl) = 0.25d0 * (a(1:n-2, 1:nl) + a(3:n, 1:nl) + a(2:n-1, 0:nl-1) + a(2:n-1, 2:nl+1))
    a(2:n-1, 1:nl) = b(2:n-1, 1:nl)
    if (mod(s, every) == 0) then
      open(newunit=u, file=fname, access='stream', form='unformatted', status='replace')
      write(u) a(:, 1:nl)
      close(u)
    end if
  end do
  if (rank == 0) print '(a,f8.3,a)', 'cfd: ', MPI_Wtime() - t0, ' s'
  call MPI_Finalize(ierr)
end program cfd82
