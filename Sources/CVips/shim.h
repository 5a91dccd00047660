// The libvips C API (Debian: libvips-dev). Its variadic calls are wrapped in CVipsShim.
#ifndef OPENMARKET_CVIPS_SHIM_H
#define OPENMARKET_CVIPS_SHIM_H

#include <vips/vips.h>

#endif
