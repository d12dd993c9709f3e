! Round 53's Fortran MPI job: rank 0 reads a namelist and broadcasts it; a steady state of Jacobi sweeps in
! which every rank writes a formatted diagnostic line a step to its own file (flushed each step if
! dflush); at the end every rank writes its field to its own unformatted stream file.
! usage: f53 DIR NML (namelist DIR/in/NML: &run n=, steps=, sweeps=, dflush= /)
program f53
  use mpi
  implicit none
  integer :: ierr, rank, np, n, steps, sweeps, s, k, i, u
  logical :: dflush
  double precision, allocatable :: a(:), b(:)
  double precision :: t0, sm
  character(len=256) :: d, fn, nm
  namelist /run/ n, steps, sweeps, dflush
  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, np, ierr)
  call get_command_argument(1, d)
  call get_command_argument(2, nm)
  call mpi_barrier(mpi_comm_world, ierr)
  t0 = mpi_wtime()
  if (rank == 0) then
    open(newunit=u, file=trim(d)//'/in/'//trim(nm), status='old', action='read')
    read(u, nml=run)
    close(u)
  end if
  call mpi_bcast(n, 1, mpi_integer, 0, mpi_comm_world, ierr)
  call mpi_bcast(steps, 1, mpi_integer, 0, mpi_comm_world, ierr)
  call mpi_bcast(sweeps, 1, mpi_integer, 0, mpi_comm_world, ierr)
  call mpi_bcast(dflush, 1, mpi_logical, 0, mpi_comm_world, ierr)
  allocate(a(n), b(n))
  do i = 1, n
    a(i) = mod(i * 7 + rank, 101)
  end do
  b = a
  write(fn, '(a,a,i0)') trim(d), '/out/f53.diag.', rank
  open(newunit=u, file=fn, status='replace', action='write')
  do s = 1, steps
    do k = 1, sweeps
      b(2:n-1) = 0.5d0 * a(2:n-1) + 0.25d0 * (a(1:n-2) + a(3:n))
      a(2:n-1) = b(2:n-1)
    end do
    sm = sum(a)
    write(u, '(a,i6,a,es20.12,a,es20.12)') 'step ', s, ' sum ', sm, ' max ', maxval(a)
    if (dflush) flush(u)
  end do
  close(u)
  write(fn, '(a,a,i0)') trim(d), '/out/f53.final.', rank
  open(newunit=u, file=fn, status='replace', access='stream', form='unformatted', action='write')
  write(u) a
  close(u)
  call mpi_barrier(mpi_comm_world, ierr)
  if (rank == 0) print '(a,l1,a,i0,a,f8.3,a)', 'f53 dflush=', dflush, ' np ', np, ': ', mpi_wtime() - t0, ' s'
  call mpi_finalize(ierr)
end program f53
