! Round 77: per-frame results as text. Each rank reads its contiguous block of frames of the fixed-format
! trajectory (stream access, one read a frame), computes RMSD to frame 0, radius of gyration and a
! pair-distance sum over the first npair atoms, and writes one line per frame and per atom-group to its own
! text file. mode "flush" calls flush() after every line (a progress-watching habit); "buffered" does not.
program perframe
  use mpi
  implicit none
  integer :: ierr, rank, np, u, o, na, nf, k, lo, hi, npair, i, j, g, ngrp
  integer(4) :: hdr(3)
  integer(8) :: pos
  real(4), allocatable :: x(:,:), r(:,:)
  double precision :: s, rg, c(3), d, pd
  character(len=256) :: path, outp, mode, arg
  call MPI_Init(ierr); call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, path); call get_command_argument(2, arg); read(arg,*) npair
  call get_command_argument(3, arg); read(arg,*) ngrp
  call get_command_argument(4, outp); call get_command_argument(5, mode)
  open(newunit=u, file=trim(path), access='stream', form='unformatted', status='old', action='read')
  read(u, pos=1) hdr
  na = hdr(2); nf = hdr(3)
  allocate(x(3,na), r(3,na))
  read(u, pos=4097) r
  write(arg, '(I0)') rank
  open(newunit=o, file=trim(outp)//'.'//trim(arg)//'.txt', status='replace', action='write')
  lo = int(int(nf,8)*rank/np); hi = int(int(nf,8)*(rank+1)/np)
  do k = lo, hi-1
    pos = 4097_8 + int(k,8)*12_8*na
    read(u, pos=pos) x
    s = sqrt(sum(dble(x-r)**2)/na)
    do i = 1, 3
      c(i) = sum(dble(x(i,:)))/na
    end do
    rg = 0
    do i = 1, na
      rg = rg + sum((dble(x(:,i))-c)**2)
    end do
    rg = sqrt(rg/na)
    pd = 0
    do i = 1, npair
      do j = i+1, npair
        d = sqrt(sum(dble(x(:,i)-x(:,j))**2)); pd = pd + d
      end do
    end do
    do g = 1, ngrp
      write(o, '(I6,1X,I4,3(1X,ES16.8))') k, g, s, rg, pd*g
      if (mode == 'flush') flush(o)
    end do
  end do
  close(o); close(u)
  call MPI_Finalize(ierr)
end program
