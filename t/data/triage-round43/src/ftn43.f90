! Round 43: a Fortran formatted dump, one value a WRITE, called from app43.c's ftn mode.
subroutine ftn_dump(name, n, a)
  implicit none
  character(len=*), intent(in) :: name
  integer, intent(in) :: n
  double precision, intent(in) :: a(n)
  integer :: i, u
  open(newunit=u, file=name, form='formatted', status='replace', action='write')
  do i = 1, n
    write(u, '(ES23.15)') a(i)
  end do
  close(u)
end subroutine ftn_dump
