// Fixed-argument wrappers over the libvips calls that take C varargs ("name", value, ..., NULL), which Swift
// cannot call. Every function returns a new reference (unref it with g_object_unref) or NULL / -1 on failure,
// with the reason in libvips' error buffer.
#ifndef OPENMARKET_OM_VIPS_H
#define OPENMARKET_OM_VIPS_H

#include <stddef.h>
#include <vips/vips.h>

/// Receives libvips' and GLib's warnings, which would otherwise go straight to stderr.
typedef void (*om_log_sink)(int is_warning, const char *domain, const char *message);

/// Starts libvips for the whole process: one worker thread per pipeline, no operation cache, no run-time
/// compiled loops, and only the JPEG, PNG, WebP, GIF and HEIF loaders allowed. Returns 0 on success. Call it once.
int om_vips_start(const char *program_name, om_log_sink sink);

/// Hands the memory freed by the last images back to the system (glibc's malloc_trim, at most once a second): images come in bursts, and
/// the heap would otherwise stay at the size of the largest burst. Call it on the worker that finished an image.
void om_release_freed_memory(void);

/// Whether libvips runs loops compiled at run time (liborc); `om_vips_start` turns them off.
int om_vips_vector_enabled(void);

/// The class of the libvips loader that recognises these bytes by content (for example
/// "VipsForeignLoadJpegBuffer"), or NULL.
const char *om_find_loader(const void *buf, size_t len);

/// Opens an image lazily: only its header is read, no pixel is decoded until someone asks for them.
/// The buffer must outlive the image.
VipsImage *om_open_header(const void *buf, size_t len);

/// Decodes, turns upright (EXIF orientation) and shrinks to fit inside width x height, never enlarging,
/// using the loader's shrink-on-load. With `to_srgb` set, the embedded ICC profile (or CMYK) is converted
/// to sRGB. Truncated or corrupt data fails when the pixels are computed. The buffer must outlive the image.
VipsImage *om_thumbnail_buffer(const void *buf, size_t len, int width, int height, int to_srgb);

/// Shrinks an already upright image to fit inside width x height, never enlarging.
VipsImage *om_thumbnail_image(VipsImage *in, int width, int height);

/// 8-bit sRGB with three bands: greys and 16-bit images are converted, transparency is flattened onto white.
VipsImage *om_to_srgb8(VipsImage *in);

/// A copy without any metadata field: EXIF (with GPS), XMP, IPTC, ICC profile, comments, orientation.
/// The savers' "strip" option alone is not enough: libvips 8.14's WebP saver still writes EXIF, XMP and ICC.
VipsImage *om_without_metadata(VipsImage *in);

/// Encodes as JPEG at quality `q`, with all metadata left out. Free the bytes with g_free.
int om_jpegsave(VipsImage *in, int q, void **buf, size_t *len);

/// Encodes as lossy WebP at quality `q`, with all metadata left out. Free the bytes with g_free.
int om_webpsave(VipsImage *in, int q, int effort, void **buf, size_t *len);

/// A photo-like 8-bit sRGB image (gradients, edges and sensor-like noise), for tests and the benchmark.
VipsImage *om_synthetic_photo(int width, int height, double noise_sigma);

/// Encodes as JPEG keeping the image's metadata, for tests and the benchmark. Free the bytes with g_free.
int om_jpegsave_keeping_metadata(VipsImage *in, int q, void **buf, size_t *len);

/// `in` enlarged `factor` times by repeating pixels, its metadata kept, for tests of large photos.
VipsImage *om_enlarged(VipsImage *in, int factor);

/// The value of one pixel, band by band, into `values` (at most `capacity`). Returns the band count or -1.
int om_getpoint(VipsImage *in, int x, int y, double *values, int capacity);

#endif
