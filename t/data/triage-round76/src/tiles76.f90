! Round 76: a limited-area model writing split output (WRF io_form=102 style): every rank writes its own
! tile of every variable at every forecast hour to a file named by variable, hour and rank.
! usage: tiles76 NX NYL HOURS SWEEPS NVAR OUTDIR
program tiles76
  use mpi
  implicit none
  integer :: nx, ny, hours, sw, nv, ierr, rank, nprocs, h, s, k, j, i, up, dn, u
  real(8), allocatable :: f(:,:,:), t(:,:)
  character(len=256) :: arg, outdir, path
  real(8) :: t0, t1, tmax
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call get_command_argument(1, arg); read(arg, *) nx
  call get_command_argument(2, arg); read(arg, *) ny
  call get_command_argument(3, arg); read(arg, *) hours
  call get_command_argument(4, arg); read(arg, *) sw
  call get_command_argument(5, arg); read(arg, *) nv
  call get_command_argument(6, outdir)
  allocate(f(nx, 0:ny+1, nv), t(nx, ny))
  do k = 1, nv
    do j = 0, ny + 1
      do i = 1, nx
        f(i, j, k) = 280d0 + 20d0 * sin(0.05d0 * i + 0.2d0 * k) * cos(0.03d0 * (rank * ny + j))
      end do
    end do
  end do
  up = mod(rank + 1, nprocs); dn = mod(rank + nprocs - 1, nprocs)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do h = 1, hours
    do s = 1, sw
      do k = 1, nv
        call MPI_Sendrecv(f(:, ny, k), nx, MPI_DOUBLE_PRECISION, up, 1, f(:, 0, k), nx, MPI_DOUBLE_PRECISION, dn, 1, &
                          MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
        call MPI_Sendrecv(f(:, 1, k), nx, MPI_DOUBLE_PRECISION, dn, 2, f(:, ny+1, k), nx, MPI_DOUBLE_PRECISION, up, 2, &
                          MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
        do j = 1, ny
          do i = 2, nx - 1
            t(i, j) = f(i, j, k) + 0.1d0 * (f(i-1, j, k) + f(i+1, j, k) + f(i, j-1, k) + f(i, j+1, k) - 4d0 * f(i, j, k))
          end do
          t(1, j) = f(1, j, k); t(nx, j) = f(nx, j, k)
        end do
        f(:, 1:ny, k) = t
      end do
    end do
    do k = 1, nv
      write(path, '(a,"/var",i2.2,"_f",i3.3,"_",i4.4,".bin")') trim(outdir), k, h, rank
      open(newunit=u, file=path, access='stream', form='unformatted', status='replace')
      write(u) real(f(:, 1:ny, k), 4)
      close(u)
    end do
  end do
  t1 = MPI_Wtime() - t0
  call MPI_Reduce(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '("tiles: ",f8.3," s")', tmax
  call MPI_Finalize(ierr)
end program tiles76
