! Round 65: a Fortran MPI stencil checkpointing each rank's field every EVERY steps to its own file with
! stream (unformatted, access='stream') I/O, one record a checkpoint. Usage: ck65 KCELLS STEPS SWEEPS EVERY DIR
program ck65
  use mpi
  implicit none
  integer :: ierr, rank, np, n, steps, sweeps, every, st, s, i, u, l, r
  double precision, allocatable :: a(:), b(:)
  double precision :: hl, hr, t0, t, tm
  character(len=256) :: arg, dir, path
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) n; n = n * 1024
  call get_command_argument(2, arg); read(arg, *) steps
  call get_command_argument(3, arg); read(arg, *) sweeps
  call get_command_argument(4, arg); read(arg, *) every
  call get_command_argument(5, dir)
  allocate(a(n), b(n))
  do i = 1, n
    a(i) = mod(i * 37 + rank * 11, 1000) / 10.0d0
  end do
  l = rank - 1; if (l < 0) l = MPI_PROC_NULL
  r = rank + 1; if (r >= np) r = MPI_PROC_NULL
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t0 = MPI_Wtime()
  do st = 1, steps
    do s = 1, sweeps
      hl = a(1); hr = a(n)
      call MPI_Sendrecv(a(1), 1, MPI_DOUBLE_PRECISION, l, 0, hr, 1, MPI_DOUBLE_PRECISION, r, 0, &
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call MPI_Sendrecv(a(n), 1, MPI_DOUBLE_PRECISION, r, 1, hl, 1, MPI_DOUBLE_PRECISION, l, 1, &
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      b(1) = 0.5d0 * a(1) + 0.25d0 * (hl + a(2))
      b(2:n-1) = 0.5d0 * a(2:n-1) + 0.25d0 * (a(1:n-2) + a(3:n))
      b(n) = 0.5d0 * a(n) + 0.25d0 * (a(n-1) + hr)
      a = b
    end do
    if (mod(st, every) == 0) then
      write(path, '(a,"/f90ck.",i0,".",i0)') trim(dir), st, rank
      open(newunit=u, file=trim(path), access='stream', form='unformatted', status='replace')
      write(u) n, st
      write(u) a
      close(u)
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t = MPI_Wtime() - t0
  call MPI_Reduce(t, tm, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '("f90 np ",i0,": ",f0.3," s")', np, tm
  call MPI_Finalize(ierr)
end program ck65
