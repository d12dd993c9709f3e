! Round 75: a probes function object as OpenFOAM's runs it.  Each of the ranks relaxes its slab of a
! 1-D field (p and the three components of U) by Jacobi sweeps with a halo exchange; after every time
! step the values at NPROBE probe cells are reduced to rank 0, which appends one formatted line per field
! to postProcessing/probes/0/{p,U}.  The units stay open for the whole run (gfortran's own buffering).
program probes75
  use mpi
  implicit none
  integer, parameter :: nprobe = 24
  integer :: ierr, rank, nproc, n, steps, sweeps, s, w, i, c, lo, hi
  integer :: owner(nprobe), loc(nprobe)
  double precision, allocatable :: p(:), u(:,:), t(:)
  double precision :: pv(nprobe), uv(3,nprobe), pr(nprobe), ur(3,nprobe), t0, el, mx
  character(len=256) :: arg, dir
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  call get_command_argument(1, arg); read(arg,*) n
  call get_command_argument(2, arg); read(arg,*) steps
  call get_command_argument(3, arg); read(arg,*) sweeps
  call get_command_argument(4, dir)
  allocate(p(0:n+1), u(3,0:n+1), t(0:n+1))
  do i = 0, n+1
    p(i) = mod(i*7 + rank*13, 101) / 101d0
    u(:,i) = (/ mod(i*3, 17) / 17d0, mod(i*5, 19) / 19d0, mod(i, 23) / 23d0 /)
  end do
  do i = 1, nprobe
    owner(i) = mod(i*7, nproc)
    loc(i) = 1 + mod(i*977, n)
  end do
  lo = rank - 1; hi = rank + 1
  if (lo < 0) lo = MPI_PROC_NULL
  if (hi >= nproc) hi = MPI_PROC_NULL
  if (rank == 0) then
    call execute_command_line('mkdir -p ' // trim(dir) // '/postProcessing/probes/0')
    open(10, file=trim(dir)//'/postProcessing/probes/0/p', status='replace', action='write')
    open(11, file=trim(dir)//'/postProcessing/probes/0/U', status='replace', action='write')
    write(10,'(a)') '# Probe locations: 24 cells'
    write(11,'(a)') '# Probe locations: 24 cells'
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, steps
    do w = 1, sweeps
      call MPI_Sendrecv(p(1), 1, MPI_DOUBLE_PRECISION, lo, 1, p(n+1), 1, MPI_DOUBLE_PRECISION, hi, 1, &
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call MPI_Sendrecv(p(n), 1, MPI_DOUBLE_PRECISION, hi, 2, p(0), 1, MPI_DOUBLE_PRECISION, lo, 2, &
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      t(1:n) = 0.25d0*p(0:n-1) + 0.5d0*p(1:n) + 0.25d0*p(2:n+1) + 1d-6
      p(1:n) = t(1:n)
      do c = 1, 3
        t(1:n) = 0.25d0*u(c,0:n-1) + 0.5d0*u(c,1:n) + 0.25d0*u(c,2:n+1) - 1d-6*p(1:n)
        u(c,1:n) = t(1:n)
      end do
    end do
    pv = 0d0; uv = 0d0
    do i = 1, nprobe
      if (owner(i) == rank) then
        pv(i) = p(loc(i)); uv(:,i) = u(:,loc(i))
      end if
    end do
    call MPI_Reduce(pv, pr, nprobe, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    call MPI_Reduce(uv, ur, 3*nprobe, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) then
      write(10,'(es14.6,24es14.6)') s*1d-3, pr
      write(11,'(es14.6,24(" (",3es13.5,")"))') s*1d-3, ur
    end if
  end do
  if (rank == 0) then
    close(10); close(11)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  el = MPI_Wtime() - t0
  call MPI_Reduce(el, mx, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,f8.3,a)', 'probes: ', mx, ' s'
  call MPI_Finalize(ierr)
end program probes75
