! Round 74 contraction code: each rank reads its contiguous block of time slices of every propagator
! (PROP-LIKE: 512-byte header, site-major 2304-byte records) with Fortran stream access, builds the pion
! correlator sum |psi|^2 per time slice, reduces it to rank 0, which writes one text table at the end.
program corr74
  use mpi
  implicit none
  integer :: ierr, rank, np, nsrc, l, t, s, it, t0, t1, u, nsv, k
  integer(kind=8) :: pos, nsl
  character(len=4096) :: pre, fname, arg
  real(kind=8), allocatable :: slab(:), c(:,:), call(:,:)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, pre)
  call get_command_argument(2, arg); read(arg, *) l
  call get_command_argument(3, arg); read(arg, *) t
  call get_command_argument(4, arg); read(arg, *) nsrc
  call get_command_argument(5, arg); read(arg, *) nsv
  nsl = int(l, 8)**3 * 288_8          ! doubles in one time slice
  t0 = rank * (t / np); t1 = t0 + t / np - 1
  allocate(slab(nsl), c(t, nsrc), call(t, nsrc)); c = 0
  do s = 0, nsrc - 1
    write(fname, '(A,".src",I2.2,".prop")') trim(pre), s
    open(newunit=u, file=trim(fname), access='stream', form='unformatted', status='old', action='read')
    do it = t0, t1
      pos = 513_8 + int(it, 8) * nsl * 8_8
      read(u, pos=pos) slab
      do k = 1, nsv                    ! smearing-like repeated passes: the arithmetic of the contraction
        c(it + 1, s + 1) = c(it + 1, s + 1) + sum(slab * slab) / nsv
        slab = slab * 0.999d0 + 1.0d-3 * cshift(slab, 18)
      end do
    end do
    close(u)
  end do
  call MPI_Reduce(c, call, t * nsrc, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    call get_command_argument(6, fname)
    open(newunit=u, file=trim(fname)//'.tmp', status='replace', action='write')
    do it = 1, t
      write(u, '(I4,100ES16.8)') it - 1, call(it, :)
    end do
    close(u)
    call rename(trim(fname)//'.tmp', trim(fname))
  end if
  call MPI_Finalize(ierr)
end program corr74
