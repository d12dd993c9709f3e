/*
 * A preloaded stand-in for cairo_surface_set_user_data() that fails as
 * it does when memory runs out (t/0987): the PDF writer must then neither
 * free what the surface still writes into nor leave its temporary file.
 */
#include <cairo.h>

cairo_status_t cairo_surface_set_user_data(cairo_surface_t *surface,
					   const cairo_user_data_key_t *key,
					   void *user_data,
					   cairo_destroy_func_t destroy)
{
	(void)surface;
	(void)key;
	(void)user_data;
	(void)destroy;
	return CAIRO_STATUS_NO_MEMORY;
}
