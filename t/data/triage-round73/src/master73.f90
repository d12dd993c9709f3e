! Round 73: a hybrid MPI + OpenMP heat solver in Fortran whose master thread does all of the rank's I/O
! (a restart dump every K steps, one unformatted stream write of the whole field) while the other threads
! wait at the barrier. usage: master73 OUTPREFIX STEPS N SWEEPS K
program master73
  use mpi
  use omp_lib
  implicit none
  integer :: ierr, prov, rank, np, steps, sweeps, kdump, s, k, i, u
  integer(8) :: n
  real(8), allocatable :: a(:), b(:)
  real(8) :: tot, g
  character(len=256) :: pre, fname, argv
  call MPI_Init_thread(MPI_THREAD_FUNNELED, prov, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, pre)
  call get_command_argument(2, argv); read(argv, *) steps
  call get_command_argument(3, argv); read(argv, *) n
  call get_command_argument(4, argv); read(argv, *) sweeps
  call get_command_argument(5, argv); read(argv, *) kdump
  allocate(a(n), b(n))
  do i = 1, int(n)
    a(i) = mod(i * 37 + rank, 1000) / 1000.0d0
  end do
  write(fname, '(a,".",i0)') trim(pre), rank
  open(newunit=u, file=trim(fname), access='stream', form='unformatted', status='replace')
  tot = 0
!$omp parallel private(s, k, i)
  do s = 1, steps
    do k = 1, sweeps
!$omp do
      do i = 2, int(n) - 1
        b(i) = 0.5d0 * a(i) + 0.25d0 * (a(i-1) + a(i+1))
      end do
!$omp end do
!$omp do
      do i = 2, int(n) - 1
        a(i) = b(i)
      end do
!$omp end do
    end do
    if (mod(s, kdump) == 0) then
!$omp master
      write(u, pos=1) a
      flush(u)
!$omp end master
!$omp barrier
    end if
  end do
!$omp end parallel
  close(u)
  tot = sum(a)
  call MPI_Reduce(tot, g, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,i0,a,es14.6)', 'master73 ', np, ' ranks x ', omp_get_max_threads(), ' threads sum ', g
  call MPI_Finalize(ierr)
end program master73
