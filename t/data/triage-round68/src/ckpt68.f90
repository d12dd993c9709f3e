! ckpt68: reverse time migration with checkpointing (round 68, issue 34): instead of a snapshot every
! step, the forward pass writes a checkpoint (the two time levels, 2 x 8 N^2 B) every KC steps to a
! per-rank stream file; the backward pass reads each checkpoint once, last first, recomputes the KC
! source wavefields in memory, and correlates them with the receiver wavefield. Fewer bytes written,
! more arithmetic: the checkpoint read-back is the algorithm.
! usage: ckpt68 N NT KC PREFIX
program ckpt68
  use mpi
  implicit none
  integer :: n, nt, kc, ierr, rank, t, s, nck, u, i
  character(len=256) :: arg, path
  real(8), allocatable :: a(:,:), b(:,:), c(:,:), ra(:,:), rb(:,:), rc(:,:), seg(:,:,:), img(:,:), tot(:,:)
  integer(8) :: pos, sz
  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call get_command_argument(1, arg); read(arg, *) n
  call get_command_argument(2, arg); read(arg, *) nt
  call get_command_argument(3, arg); read(arg, *) kc
  call get_command_argument(4, arg)
  write(path, '(a,".",i0)') trim(arg), rank
  allocate(a(n,n), b(n,n), c(n,n), ra(n,n), rb(n,n), rc(n,n), seg(n,n,kc), img(n,n), tot(n,n))
  a = 0; b = 0; c = 0; img = 0
  sz = 8_8 * n * n
  open(newunit=u, file=path, access='stream', form='unformatted', status='replace', action='readwrite')
  nck = 0
  do t = 0, nt - 1
    if (mod(t, kc) == 0) then
      pos = 1 + nck * 2 * sz
      write(u, pos=pos) a, b
      nck = nck + 1
    end if
    call step(c, b, a, n)
    if (t < 40) c(n/2, n/4 + 7*rank) = c(n/2, n/4 + 7*rank) + 1d0 - (t-20)**2/200d0
    a = b; b = c
  end do
  ra = 0; rb = 0; rc = 0
  do s = nck - 1, 0, -1
    pos = 1 + s * 2 * sz
    read(u, pos=pos) a, b
    do i = 1, kc
      call step(c, b, a, n)
      a = b; b = c
      seg(:,:,i) = b
    end do
    do i = kc, 1, -1
      call step(rc, rb, ra, n)
      rc(2, 2:n-1:4) = rc(2, 2:n-1:4) + 1d-3
      ra = rb; rb = rc
      img = img + seg(:,:,i) * rb
    end do
  end do
  close(u, status='delete')
  call mpi_reduce(img, tot, n*n, mpi_double_precision, mpi_sum, 0, mpi_comm_world, ierr)
  if (rank == 0) then
    open(newunit=u, file=trim(arg)//'.img', access='stream', form='unformatted', status='replace')
    write(u) tot
    close(u)
    print '(a,i0,a,es12.4)', 'ckpt68: checkpoints a rank ', nck, ' image(mid) ', tot(n/2, n/2)
  end if
  call mpi_finalize(ierr)
contains
  subroutine step(cn, cu, cp, m)
    integer, intent(in) :: m
    real(8), intent(inout) :: cn(m,m)
    real(8), intent(in) :: cu(m,m), cp(m,m)
    cn(2:m-1,2:m-1) = 2*cu(2:m-1,2:m-1) - cp(2:m-1,2:m-1) + 0.2d0*(cu(1:m-2,2:m-1) + cu(3:m,2:m-1) &
      + cu(2:m-1,1:m-2) + cu(2:m-1,3:m) - 4*cu(2:m-1,2:m-1))
  end subroutine
end program
