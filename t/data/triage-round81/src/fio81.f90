! Round 81 Fortran/MPI program: a 2-D heat step per rank, every 10 steps an unformatted stream
! checkpoint of the rank's 2048x512 real(8) field to its own file (8 MiB, one WRITE).
program fio81
  use mpi
  implicit none
  integer :: ierr, r, np, s, steps, k, u
  real(8), allocatable :: t(:,:), t2(:,:)
  character(len=256) :: dir, fn, arg
  real(8) :: t0
  call MPI_Init(ierr); call MPI_Comm_rank(MPI_COMM_WORLD, r, ierr); call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call get_command_argument(1, arg); read(arg, *) steps
  call get_command_argument(2, dir)
  allocate(t(2048,512), t2(2048,512)); t = real(r, 8); t(1,:) = 100d0
  call MPI_Barrier(MPI_COMM_WORLD, ierr); t0 = MPI_Wtime()
  do s = 1, steps
    do k = 1, 20
      t2(2:2047,2:511) = 0.25d0*(t(1:2046,2:511)+t(3:2048,2:511)+t(2:2047,1:510)+t(2:2047,3:512))
      t(2:2047,2:511) = t2(2:2047,2:511)
    end do
    if (mod(s,10) == 0) then
      write(fn, '(A,"/heat.",I0,".",I0)') trim(dir), s, r
      open(newunit=u, file=fn, access='stream', form='unformatted', status='replace')
      write(u) t
      close(u)
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (r == 0) print '("fio81 np ",I0,": ",F8.3," s")', np, MPI_Wtime() - t0
  call MPI_Finalize(ierr)
end program
