! Round 71: a Fortran AMR-style solver (uneven patches per rank and level, shifting at each regrid) that
! writes a plotfile every EVERY steps the way many Fortran AMR codes do: one unformatted stream file per
! rank and level (N-N), opened, written with one WRITE of the whole level, closed; rank 0 writes a
! formatted header. usage: amr71 STEPS EVERY SWEEPS BASE OUTPREFIX
program amr71
  use mpi
  implicit none
  integer, parameter :: nlev = 3, nc = 4096
  integer :: ierr, rank, np, steps, every, sweeps, base, s, l, n(nlev), i, sw, u
  real(8), allocatable :: a1(:), a2(:), a3(:)
  character(len=256) :: arg, prefix, fn
  real(8) :: t0, t
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read (arg, *) steps
  call get_command_argument(2, arg); read (arg, *) every
  call get_command_argument(3, arg); read (arg, *) sweeps
  call get_command_argument(4, arg); read (arg, *) base
  call get_command_argument(5, prefix)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do s = 1, steps
    if (mod(s - 1, every) == 0) then   ! regrid: new patch counts, uneven by rank
      do l = 1, nlev
        n(l) = nc * (base * l * (1 + mod(rank * 7 + (s / every) * 3 + l * 5, 6)) / 3 + 1)
      end do
      if (allocated(a1)) deallocate(a1, a2, a3)
      allocate(a1(n(1)), a2(n(2)), a3(n(3)))
      do i = 1, n(3)
        a3(i) = mod(i * 37 + rank, 1000) / 1000d0
      end do
      a1 = 0.5d0; a2 = 0.25d0
    end if
    do sw = 1, sweeps
      do i = 2, n(1) - 1
        a1(i) = 0.25d0 * a1(i - 1) + 0.5d0 * a1(i) + 0.25d0 * a1(i + 1)
      end do
      do i = 2, n(2) - 1
        a2(i) = 0.25d0 * a2(i - 1) + 0.5d0 * a2(i) + 0.25d0 * a2(i + 1)
      end do
      do i = 2, n(3) - 1
        a3(i) = 0.25d0 * a3(i - 1) + 0.5d0 * a3(i) + 0.25d0 * a3(i + 1)
      end do
    end do
    if (mod(s, every) /= 0) cycle
    if (rank == 0) then
      write (fn, '(a,"_",i5.5,".hdr")') trim(prefix), s
      open (newunit=u, file=fn, form='formatted', status='replace')
      write (u, '(a)') 'AMR71 plotfile'
      write (u, *) nlev, np, s
      close (u)
    end if
    write (fn, '(a,"_",i5.5,"_L1_",i4.4)') trim(prefix), s, rank
    open (newunit=u, file=fn, access='stream', form='unformatted', status='replace')
    write (u) a1
    close (u)
    write (fn, '(a,"_",i5.5,"_L2_",i4.4)') trim(prefix), s, rank
    open (newunit=u, file=fn, access='stream', form='unformatted', status='replace')
    write (u) a2
    close (u)
    write (fn, '(a,"_",i5.5,"_L3_",i4.4)') trim(prefix), s, rank
    open (newunit=u, file=fn, access='stream', form='unformatted', status='replace')
    write (u) a3
    close (u)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t = MPI_Wtime() - t0
  if (rank == 0) print '(a,i0,a,f8.3,a)', 'amr71 np ', np, ': ', t, ' s'
  call MPI_Finalize(ierr)
end program amr71
