#include "om_vips.h"
#include <vips/vector.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#include <stdatomic.h>
#include <time.h>
#endif

static om_log_sink log_sink = NULL;

static void forward_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer user_data) {
    (void) user_data;
    if (log_sink != NULL) {
        log_sink((level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) != 0,
                 domain != NULL ? domain : "", message != NULL ? message : "");
    }
}

// Loaders accepted from users. Everything else (SVG, PDF, TIFF, ImageMagick, matrix files...) stays blocked:
// each extra loader is attack surface, and nothing we serve needs them.
static const char *const allowed_loaders[] = {
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadNsgif", "VipsForeignLoadHeif",
};

int om_vips_start(const char *program_name, om_log_sink sink) {
    log_sink = sink;
    if (sink != NULL) {
        g_log_set_handler("VIPS", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, forward_log, NULL);
        g_log_set_handler("GLib-GObject", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL, forward_log, NULL);
    }
    if (VIPS_INIT(program_name) != 0) {
        return -1;
    }
    // No run-time compiled loops (liborc): a test run once crashed inside code liborc 0.4.33 had generated (a bad
    // pointer dereference on a libvips worker), which would take the whole server down. libvips' plain C loops
    // give the same pixels. Operations compile their loops when first built, so turning this off before any
    // image is opened means none is ever compiled. (Not through VIPS_NOVECTOR: setenv is unsafe once threads run.)
    vips_vector_set_enabled(FALSE);
    // Our callers bound how many images are processed at once; one libvips worker per image keeps the total
    // number of busy threads at that bound instead of multiplying it by the core count.
    vips_concurrency_set(1);
#if defined(__GLIBC__)
    // Pixel buffers are megabytes that come and go: from 256 KB up, malloc maps each one and unmaps it when freed.
    // Left to itself glibc raises this threshold to the largest block freed (up to 32 MB), after which every
    // decoded image is carved from the heaps and stays there as their high-water mark.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    // The operation cache would keep decoded images and their upload buffers alive after we are done.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    for (size_t i = 0; i < sizeof(allowed_loaders) / sizeof(allowed_loaders[0]); i++) {
        vips_operation_block_set(allowed_loaders[i], FALSE);
    }
    return 0;
}

void om_release_freed_memory(void) {
#if defined(__GLIBC__)
    // malloc_trim walks every arena and holds each one's lock while it gives free pages back: in a process with a
    // large heap that is long, and every thread allocating from that arena waits. So at most one trim runs at a
    // time and at most one a second starts, whatever the number of images finishing: enough to keep the resident
    // size flat under a burst of uploads without making allocation wait on trims.
    static atomic_flag running = ATOMIC_FLAG_INIT;
    static _Atomic long long last_ns = 0;
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return;
    long long now_ns = (long long) now.tv_sec * 1000000000LL + now.tv_nsec;
    if (now_ns - atomic_load(&last_ns) < 1000000000LL) return;
    if (atomic_flag_test_and_set(&running)) return;
    atomic_store(&last_ns, now_ns);
    malloc_trim(0);
    atomic_flag_clear(&running);
#endif
}

int om_vips_vector_enabled(void) {
    return vips_vector_isenabled() ? 1 : 0;
}

const char *om_find_loader(const void *buf, size_t len) {
    return vips_foreign_find_load_buffer(buf, len);
}

VipsImage *om_open_header(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR,
                                      NULL);
}

// A JPEG shrunk while decoding by the largest factor (8, 4 or 2) that keeps its long side at or above `side`.
// vips_thumbnail leaves at least a factor of two for its lanczos step and so decodes a 12-megapixel photo whole
// for a 1600 px target; this is the shrink-on-load sharp uses by default ("fastShrinkOnLoad"), about half the work,
// and the lanczos step that follows still brings it to the exact size.
static VipsImage *jpeg_shrunk_on_load(const void *buf, size_t len, int side) {
    VipsImage *header = vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (header == NULL) {
        return NULL;
    }
    int long_side = VIPS_MAX(header->Xsize, header->Ysize);
    g_object_unref(header);
    int shrink = 1;
    while (shrink < 8 && long_side / (shrink * 2) >= side) {
        shrink *= 2;
    }
    VipsImage *out = NULL;
    // Random access: the image is at most a quarter of the photo by now, and turning it upright needs it whole.
    if (vips_jpegload_buffer((void *) buf, len, &out, "shrink", shrink, "fail_on", VIPS_FAIL_ON_ERROR, NULL) != 0) {
        return NULL;
    }
    return out;
}

VipsImage *om_thumbnail_buffer(const void *buf, size_t len, int width, int height, int to_srgb) {
    VipsImage *out = NULL;
    int status;
    const char *loader = vips_foreign_find_load_buffer(buf, len);
    if (loader != NULL && strcmp(loader, "VipsForeignLoadJpegBuffer") == 0) {
        VipsImage *shrunk = jpeg_shrunk_on_load(buf, len, VIPS_MAX(width, height));
        if (shrunk == NULL) {
            return NULL;
        }
        if (to_srgb) {
            status = vips_thumbnail_image(shrunk, &out, width, "height", height, "size", VIPS_SIZE_DOWN, "export_profile",
                                          "srgb", NULL);
        } else {
            status = vips_thumbnail_image(shrunk, &out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
        }
        g_object_unref(shrunk);
        return status == 0 ? out : NULL;
    }
    // libvips 8.14 does not pass thumbnail's own "fail_on" on to the loader (a truncated JPEG decodes as grey),
    // but it does pass the loader options string.
    const char *loader_options = "fail_on=error";
    if (to_srgb) {
        status = vips_thumbnail_buffer((void *) buf, len, &out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                       "export_profile", "srgb", "option_string", loader_options, NULL);
    } else {
        status = vips_thumbnail_buffer((void *) buf, len, &out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                       "option_string", loader_options, NULL);
    }
    return status == 0 ? out : NULL;
}

VipsImage *om_thumbnail_image(VipsImage *in, int width, int height) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(in, &out, width, "height", height, "size", VIPS_SIZE_DOWN, "no_rotate", TRUE, NULL) != 0) {
        return NULL;
    }
    return out;
}

VipsImage *om_to_srgb8(VipsImage *in) {
    VipsImage *srgb = NULL;
    if (vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) {
        return NULL;
    }
    VipsImage *opaque = srgb;
    if (vips_image_hasalpha(srgb)) {
        VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
        int status = vips_flatten(srgb, &opaque, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(srgb);
        if (status != 0) {
            return NULL;
        }
    }
    VipsImage *out = NULL;
    int status = vips_cast_uchar(opaque, &out, NULL);
    g_object_unref(opaque);
    return status == 0 ? out : NULL;
}

VipsImage *om_without_metadata(VipsImage *in) {
    VipsImage *out = NULL;
    if (vips_copy(in, &out, NULL) != 0) {
        return NULL;
    }
    gchar **fields = vips_image_get_fields(out);
    for (int i = 0; fields != NULL && fields[i] != NULL; i++) {
        // Removes metadata only: the built-in header fields (width, bands...) cannot be removed.
        vips_image_remove(out, fields[i]);
    }
    g_strfreev(fields);
    return out;
}

int om_jpegsave(VipsImage *in, int q, void **buf, size_t *len) {
    // optimize_coding: a few percent smaller for a few milliseconds. strip: a second guard behind
    // om_without_metadata, so no EXIF, GPS, XMP, IPTC, ICC or comment reaches the output.
    return vips_jpegsave_buffer(in, buf, len, "Q", q, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

int om_webpsave(VipsImage *in, int q, int effort, void **buf, size_t *len) {
    return vips_webpsave_buffer(in, buf, len, "Q", q, "effort", effort, "strip", TRUE, NULL);
}

static VipsImage *scaled_to_byte_range(VipsImage *in, double low, double high) {
    VipsImage *out = NULL;
    double scale = 255.0 / (high - low);
    if (vips_linear1(in, &out, scale, -low * scale, NULL) != 0) {
        return NULL;
    }
    return out;
}

VipsImage *om_synthetic_photo(int width, int height, double noise_sigma) {
    VipsImage *context = vips_image_new();
    VipsImage **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(context), 10);
    VipsImage *out = NULL;
    // Red follows x, green follows y, blue is a soft wave pattern: smooth areas and edges like a real scene,
    // plus per-channel gaussian noise like a camera sensor's.
    if (vips_xyz(&t[0], width, height, NULL) != 0 || vips_extract_band(t[0], &t[1], 0, NULL) != 0 ||
        vips_extract_band(t[0], &t[2], 1, NULL) != 0 || vips_sines(&t[3], width, height, "hfreq", 9.0, "vfreq", 6.0, NULL) != 0 ||
        (t[4] = scaled_to_byte_range(t[1], 0, width)) == NULL || (t[5] = scaled_to_byte_range(t[2], 0, height)) == NULL ||
        (t[6] = scaled_to_byte_range(t[3], -1, 1)) == NULL ||
        vips_gaussnoise(&t[7], width, height, "sigma", noise_sigma, "mean", 0.0, NULL) != 0 ||
        vips_gaussnoise(&t[8], width, height, "sigma", noise_sigma, "mean", 0.0, NULL) != 0 ||
        vips_gaussnoise(&t[9], width, height, "sigma", noise_sigma, "mean", 0.0, NULL) != 0) {
        g_object_unref(context);
        return NULL;
    }
    VipsImage *bands[3];
    VipsImage *noise[3] = {t[7], t[8], t[9]};
    VipsImage *clean[3] = {t[4], t[5], t[6]};
    VipsImage *noisy = NULL;
    VipsImage *joined = NULL;
    int status = 0;
    for (int i = 0; i < 3; i++) {
        bands[i] = NULL;
        if (status == 0) {
            status = vips_add(clean[i], noise[i], &bands[i], NULL);
        }
    }
    if (status == 0) {
        status = vips_bandjoin(bands, &joined, 3, NULL);
    }
    if (status == 0) {
        status = vips_cast_uchar(joined, &noisy, NULL);
    }
    if (status == 0) {
        status = vips_copy(noisy, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    }
    for (int i = 0; i < 3; i++) {
        if (bands[i] != NULL) {
            g_object_unref(bands[i]);
        }
    }
    if (joined != NULL) {
        g_object_unref(joined);
    }
    if (noisy != NULL) {
        g_object_unref(noisy);
    }
    g_object_unref(context);
    return status == 0 ? out : NULL;
}

int om_jpegsave_keeping_metadata(VipsImage *in, int q, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", q, NULL);
}

VipsImage *om_enlarged(VipsImage *in, int factor) {
    VipsImage *out = NULL;
    return vips_zoom(in, &out, factor, factor, NULL) == 0 ? out : NULL;
}

int om_getpoint(VipsImage *in, int x, int y, double *values, int capacity) {
    double *vector = NULL;
    int n = 0;
    if (vips_getpoint(in, &vector, &n, x, y, NULL) != 0) {
        return -1;
    }
    for (int i = 0; i < n && i < capacity; i++) {
        values[i] = vector[i];
    }
    g_free(vector);
    return n;
}
