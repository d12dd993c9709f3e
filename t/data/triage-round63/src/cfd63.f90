! Round 63's CFD-style solver: restart read at start (each rank reads its slab of an unformatted stream
! restart file with one READ at its position), Jacobi-like relaxation steps with halo exchange, and every
! PLOTEVERY steps rank 0 gathers the field and writes a plot file (one unformatted stream WRITE).
! Usage: cfd63 NX NY STEPS PLOTEVERY RESTART PLOTPREFIX
program cfd63
  use mpi
  implicit none
  integer :: ierr, rank, nproc, nx, ny, steps, pe, nloc, s, i, j, u, up, dn
  integer(kind=8) :: pos
  double precision, allocatable :: a(:,:), b(:,:), g(:,:)
  double precision :: t0, t, tm
  character(len=256) :: arg, rst, pfx, fn
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  if (command_argument_count() < 6) then
    if (rank == 0) write(0,*) 'usage: cfd63 NX NY STEPS PLOTEVERY RESTART PLOTPREFIX'
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call get_command_argument(1, arg); read(arg,*) nx
  call get_command_argument(2, arg); read(arg,*) ny
  call get_command_argument(3, arg); read(arg,*) steps
  call get_command_argument(4, arg); read(arg,*) pe
  call get_command_argument(5, rst)
  call get_command_argument(6, pfx)
  nloc = ny / nproc
  allocate(a(nx, 0:nloc+1), b(nx, 0:nloc+1))
  if (rank == 0) allocate(g(nx, ny))
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  a = 0d0
  pos = int(rank, 8) * nx * nloc * 8 + 1
  open(newunit=u, file=trim(rst), access='stream', form='unformatted', status='old', action='read')
  read(u, pos=pos) a(:, 1:nloc)
  close(u)
  up = rank + 1; dn = rank - 1
  if (up >= nproc) up = MPI_PROC_NULL
  if (dn < 0) dn = MPI_PROC_NULL
  do s = 1, steps
    call MPI_Sendrecv(a(:, nloc), nx, MPI_DOUBLE_PRECISION, up, 1, a(:, 0), nx, MPI_DOUBLE_PRECISION, dn, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(a(:, 1), nx, MPI_DOUBLE_PRECISION, dn, 2, a(:, nloc+1), nx, MPI_DOUBLE_PRECISION, up, 2, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    do j = 1, nloc
      do i = 2, nx - 1
        b(i, j) = 0.25d0 * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1)) + 1d-6 * sin(a(i, j))
      end do
    end do
    a(2:nx-1, 1:nloc) = b(2:nx-1, 1:nloc)
    if (mod(s, pe) == 0) then
      call MPI_Gather(a(:, 1:nloc), nx*nloc, MPI_DOUBLE_PRECISION, g, nx*nloc, MPI_DOUBLE_PRECISION, 0, &
                      MPI_COMM_WORLD, ierr)
      if (rank == 0) then
        write(fn, '(a,i6.6,a)') trim(pfx), s, '.plt'
        open(newunit=u, file=trim(fn), access='stream', form='unformatted', status='replace', action='write')
        write(u) g
        close(u)
      end if
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  call MPI_Reduce(t, tm, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) write(*, '(a,i0,a,f0.3,a)') 'cfd63 np ', nproc, ': ', tm, ' s'
  call MPI_Finalize(ierr)
end program cfd63
