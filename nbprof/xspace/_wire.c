/* nbprof.xspace._wire: read XSpace protobuf wire format straight into columns.
 *
 * The optional compiled half of nbprof's decoder (the pure-Python one is
 * nbprof/xspace/decode_fast.py; both give the same RawSpace, checked by the tests).
 * No protobuf, no numpy headers: the columns are bytearrays that Python views with
 * numpy.frombuffer, so this builds with nothing but a C compiler and Python.h.
 *
 *   split_space(buf) -> (plane_spans, errors, warnings, hostnames)
 *       plane_spans: list of (start, end) byte offsets of each XSpace.planes entry.
 *   read_plane(buf, start, end, decode_events, counts=None, one_pass=False) -> dict
 *       "header": the plane's fields other than `lines`, as bytes (parse with
 *       protobuf: id, name, metadata maps, plane stats; they are small);
 *       per line: "line_id", "display_id", "timestamp_ns", "line_duration_ps",
 *       "num_events" (int64 bytearrays), "line_name", "line_display_name" (lists);
 *       "counts": (lines, events, stats, str/bytes stats, header bytes, events with
 *       num_occurrences, double stats), which a later
 *       call may pass back to skip its counting pass (the fill pass still checks every
 *       byte and every count; with decode_events it then leaves "header" out: the caller
 *       has it from the counting call); with decode_events, the event columns "line" (int32),
 *       "metadata_id", "offset_ps", "duration_ps", "num_occurrences" (int64) and the
 *       stat columns "stat_owner", "stat_metadata_id" (int64), "stat_kind" (int8),
 *       "stat_int" (uint64), "stat_double" (float64), "object_rows" (int64 rows of
 *       (num_occurrences and stat_double are absent when no event / stat has one: all 0)
 *       str/bytes stats) and "objects" (their values; equal values share one object).
 *       Without decode_events every byte is still checked, no event is kept.
 *       one_pass (with decode_events, no counts): no counting pass; every byte is checked
 *       while the columns fill, growing as they do (cut to size at the end).
 *   nest(line_key, start, end, parent_out) -> None
 *       direct parent of each event on its line by a stack walk (see nesting.py).
 *
 * Semantics follow protobuf's parser: the last value of a repeated scalar wins, a oneof
 * member clears the others, unknown fields are skipped (group wire types too, except
 * inside events and stats, which nbprof refuses as decode_fast does), varint bits past
 * 64 are dropped. Malformed bytes raise ValueError with a sentence saying what; names
 * that are not UTF-8 raise UnicodeDecodeError (protobuf refuses them too); string stat
 * values that are not UTF-8 are decoded with U+FFFD replacements (protobuf refuses).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { WT_VARINT = 0, WT_FIXED64 = 1, WT_LEN = 2, WT_SGROUP = 3, WT_EGROUP = 4, WT_FIXED32 = 5 };
enum { KIND_NONE = 0, KIND_DOUBLE = 1, KIND_UINT64 = 2, KIND_INT64 = 3, KIND_STR = 4, KIND_BYTES = 5, KIND_REF = 6 };
#define MAX_GROUP_DEPTH 100

typedef const uint8_t *ptr;

/* Error reporting: functions return -1 with a static message set here. */
static const char *g_error;

static inline int fail(const char *message) {
    g_error = message;
    return -1;
}

static inline int read_varint(ptr *pp, ptr end, uint64_t *out) {
    ptr p = *pp;
    if (p < end && !(*p & 0x80)) {
        *out = *p;
        *pp = p + 1;
        return 0;
    }
    uint64_t value = 0;
    if (end - p >= 10) { /* all ten bytes there: no bounds check per byte */
        for (int i = 0; i < 10; i++) {
            uint8_t b = p[i];
            value |= (uint64_t)(b & 0x7F) << (7 * i);
            if (!(b & 0x80)) {
                *out = value;
                *pp = p + i + 1;
                return 0;
            }
        }
        return fail("varint longer than 10 bytes");
    }
    for (int i = 0; i < 10; i++) {
        if (p >= end) return fail("truncated varint");
        uint8_t b = *p++;
        value |= (uint64_t)(b & 0x7F) << (7 * i); /* i == 9: only bit 63 survives, as in protobuf */
        if (!(b & 0x80)) {
            *out = value;
            *pp = p;
            return 0;
        }
    }
    return fail("varint longer than 10 bytes");
}

/* Reads a tag; checks the field number and wire type. */
static inline int read_tag(ptr *pp, ptr end, uint32_t *field, int *wire) {
    uint64_t tag;
    if (read_varint(pp, end, &tag) < 0) return -1;
    if (tag < 8 || tag > 0xFFFFFFFFu) return fail("field number 0 or out of range");
    *field = (uint32_t)(tag >> 3);
    *wire = (int)(tag & 7);
    if (*wire == 6 || *wire == 7) return fail("invalid wire type");
    return 0;
}

static int skip_value(ptr *pp, ptr end, uint32_t field, int wire, int groups_ok, int depth);

/* Skips the rest of a group whose start tag was just read. */
static int skip_group(ptr *pp, ptr end, uint32_t group_field, int depth) {
    if (depth > MAX_GROUP_DEPTH) return fail("groups nested too deeply");
    while (*pp < end) {
        uint32_t field;
        int wire;
        if (read_tag(pp, end, &field, &wire) < 0) return -1;
        if (wire == WT_EGROUP) {
            if (field != group_field) return fail("mismatched end of group");
            return 0;
        }
        if (skip_value(pp, end, field, wire, 1, depth + 1) < 0) return -1;
    }
    return fail("unterminated group");
}

/* Skips one field's value. Groups are skipped where groups_ok, else refused. */
static int skip_value(ptr *pp, ptr end, uint32_t field, int wire, int groups_ok, int depth) {
    uint64_t value;
    switch (wire) {
        case WT_VARINT:
            return read_varint(pp, end, &value);
        case WT_FIXED64:
            if (end - *pp < 8) return fail("fixed-width field runs past the end");
            *pp += 8;
            return 0;
        case WT_FIXED32:
            if (end - *pp < 4) return fail("fixed-width field runs past the end");
            *pp += 4;
            return 0;
        case WT_LEN:
            if (read_varint(pp, end, &value) < 0) return -1;
            if (value > (uint64_t)(end - *pp)) return fail("length-delimited field runs past the end");
            *pp += value;
            return 0;
        case WT_SGROUP:
            if (!groups_ok) return fail("unsupported event data: group wire type");
            return skip_group(pp, end, field, depth);
        default: /* WT_EGROUP outside a group */
            if (!groups_ok) return fail("unsupported event data: group wire type");
            return fail("end of group without its start");
    }
}

/* Reads a length-delimited payload: [*start, *stop). */
static inline int read_len(ptr *pp, ptr end, ptr *start, ptr *stop) {
    uint64_t size;
    if (read_varint(pp, end, &size) < 0) return -1;
    if (size > (uint64_t)(end - *pp)) return fail("length-delimited field runs past the end");
    *start = *pp;
    *stop = *pp + size;
    *pp = *stop;
    return 0;
}

/* ------------------------------------------------------------------ string interning */

/* Equal str (or bytes) values share one Python object: profiles repeat the same
 * source lines, op names and shapes on most events. Open addressing, power-of-2 size. */
typedef struct {
    ptr data;
    Py_ssize_t size;
    uint64_t hash;
    PyObject *value; /* borrowed from the objects list */
} Slot;

typedef struct {
    Slot *slots;
    size_t mask;
    size_t used;
} Interner;

static uint64_t hash_bytes(ptr data, Py_ssize_t size) {
    uint64_t h = 1469598103934665603ull ^ (uint64_t)size; /* FNV-1a, 8 bytes at a time */
    Py_ssize_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, data + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < size; i++) h = (h ^ data[i]) * 1099511628211ull;
    return h ^ (h >> 32);
}

static int interner_init(Interner *t) {
    t->mask = 1023;
    t->used = 0;
    t->slots = (Slot *)PyMem_Calloc(t->mask + 1, sizeof(Slot));
    if (!t->slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void interner_free(Interner *t) {
    PyMem_Free(t->slots);
    t->slots = NULL;
}

static int interner_grow(Interner *t) {
    size_t new_mask = t->mask * 2 + 1;
    Slot *slots = (Slot *)PyMem_Calloc(new_mask + 1, sizeof(Slot));
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= t->mask; i++) {
        if (!t->slots[i].value) continue;
        size_t j = t->slots[i].hash & new_mask;
        while (slots[j].value) j = (j + 1) & new_mask;
        slots[j] = t->slots[i];
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = new_mask;
    return 0;
}

/* New reference to the str (is_str) or bytes object for data[0:size]. */
static PyObject *intern_value(Interner *t, ptr data, Py_ssize_t size, int is_str) {
    if (!t->slots && interner_init(t) < 0) return NULL; /* made at the first value: most planes have none */
    uint64_t h = hash_bytes(data, size);
    size_t j = h & t->mask;
    while (t->slots[j].value) {
        Slot *s = &t->slots[j];
        if (s->hash == h && s->size == size && memcmp(s->data, data, (size_t)size) == 0) {
            Py_INCREF(s->value);
            return s->value;
        }
        j = (j + 1) & t->mask;
    }
    if ((t->used + 1) * 2 > t->mask) {
        if (interner_grow(t) < 0) return NULL;
        j = h & t->mask;
        while (t->slots[j].value) j = (j + 1) & t->mask;
    }
    PyObject *value = is_str ? PyUnicode_DecodeUTF8((const char *)data, size, "replace")
                             : PyBytes_FromStringAndSize((const char *)data, size);
    if (!value) return NULL;
    Slot *s = &t->slots[j];
    s->data = data;
    s->size = size;
    s->hash = h;
    s->value = value; /* borrowed: the caller's list keeps it alive */
    t->used++;
    return value;
}

/* ------------------------------------------------------------------ plane decoding */

/* The columns of one kind of row (lines, events, stats, str/bytes stats): their bytearrays (owned by
 * read_plane's result) and where each one's data pointer is kept, to grow them together. */
enum { G_LINES, G_EVENTS, G_STATS, G_OBJECTS, N_GROUPS };
#define MAX_GROUP_COLUMNS 6
typedef struct {
    PyObject *array;
    void **data;
    Py_ssize_t itemsize;
} Column;
typedef struct {
    Column columns[MAX_GROUP_COLUMNS];
    int n;
} ColumnGroup;

typedef struct {
    /* counts (both passes) */
    Py_ssize_t n_lines, n_events, n_stats, n_objects;
    Py_ssize_t n_aggregated, n_doubles; /* events with num_occurrences, double stats: columns only if any */
    /* columns (fill pass only; NULL while counting) */
    int64_t *line_id, *display_id, *timestamp_ns, *line_duration, *num_events;
    PyObject *line_name, *line_display_name;
    int32_t *ev_line;
    int64_t *ev_metadata_id, *ev_offset, *ev_duration, *ev_occurrences;
    int64_t *st_owner, *st_metadata_id;
    int8_t *st_kind;
    uint64_t *st_int;
    double *st_double;
    int64_t *object_rows;
    PyObject *objects;
    Interner str_table, bytes_table;
    int filling;
    /* fill pass: sizes of the columns (a count above one means the bytes changed, unless growing) */
    Py_ssize_t cap_lines, cap_events, cap_stats, cap_objects, cap_header;
    /* one pass (no counts known): the columns grow as they fill (see grow) and lists are appended to */
    int growing;
    ColumnGroup groups[N_GROUPS];
} PlaneOut;

static const char CHANGED[] = "the bytes changed while they were decoded";

/* Room for `need` rows in a group's columns (*cap rows now): where growing, each column at least doubles;
 * else the bytes changed since they were counted. 0, -1 (g_error set) or -2 (a Python error set). */
static int grow(PlaneOut *o, int group, Py_ssize_t *cap, Py_ssize_t need) {
    if (!o->growing) return fail(CHANGED);
    Py_ssize_t rows = *cap * 2 > need ? *cap * 2 : need;
    if (rows < 64) rows = 64;
    ColumnGroup *g = &o->groups[group];
    for (int i = 0; i < g->n; i++) {
        Column *c = &g->columns[i];
        if (rows > PY_SSIZE_T_MAX / c->itemsize) {
            PyErr_NoMemory();
            return -2;
        }
        if (PyByteArray_Resize(c->array, rows * c->itemsize) < 0) return -2;
        *c->data = PyByteArray_AS_STRING(c->array);
    }
    *cap = rows;
    return 0;
}

/* Stores a new reference as item i of a list: set in its slot (a list of the counted size) or appended
 * (growing). 0, or -2 with a Python error set. */
static int store_item(PlaneOut *o, PyObject *list, Py_ssize_t i, PyObject *value) {
    if (!o->growing) {
        PyList_SET_ITEM(list, i, value);
        return 0;
    }
    int rc = PyList_Append(list, value);
    Py_DECREF(value);
    return rc < 0 ? -2 : 0;
}

/* One XStat's fields, as protobuf reads them: the last value of the oneof wins. */
typedef struct {
    uint64_t metadata_id, ival, dbits;
    int kind;
    ptr obj, obj_end;
} Stat;

/* Fields 1 metadata_id, 2 double, 3 uint64, 4 int64, 5 str, 6 bytes, 7 ref; groups skipped where groups_ok. */
static inline int parse_stat(ptr p, ptr end, int groups_ok, Stat *s) {
    s->metadata_id = s->ival = s->dbits = 0;
    s->kind = KIND_NONE;
    s->obj = s->obj_end = NULL;
    while (p < end) {
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_VARINT && (field == 1 || field == 3 || field == 4 || field == 7)) {
            uint64_t v;
            if (read_varint(&p, end, &v) < 0) return -1;
            if (field == 1) {
                s->metadata_id = v;
            } else {
                s->ival = v;
                s->dbits = 0;
                s->kind = field == 3 ? KIND_UINT64 : field == 4 ? KIND_INT64 : KIND_REF;
            }
        } else if (wire == WT_FIXED64 && field == 2) {
            if (end - p < 8) return fail("fixed-width field runs past the end");
            memcpy(&s->dbits, p, 8);
            p += 8;
            s->ival = 0;
            s->kind = KIND_DOUBLE;
        } else if (wire == WT_LEN && (field == 5 || field == 6)) {
            if (read_len(&p, end, &s->obj, &s->obj_end) < 0) return -1;
            s->ival = 0;
            s->dbits = 0;
            s->kind = field == 5 ? KIND_STR : KIND_BYTES;
        } else if (skip_value(&p, end, field, wire, groups_ok, 0) < 0) {
            return -1;
        }
    }
    return 0;
}

/* One XStat of an event into the stat columns. */
static int read_stat(PlaneOut *o, ptr p, ptr end, int64_t owner) {
    Stat s;
    if (parse_stat(p, end, 0, &s) < 0) return -1;
    uint64_t metadata_id = s.metadata_id, ival = s.ival, dbits = s.dbits;
    int kind = s.kind;
    ptr obj = s.obj, obj_end = s.obj_end;
    Py_ssize_t row = o->n_stats++;
    if (kind == KIND_STR || kind == KIND_BYTES) o->n_objects++;
    if (kind == KIND_DOUBLE) o->n_doubles++;
    if (!o->filling) return 0;
    int rc;
    if (row >= o->cap_stats && (rc = grow(o, G_STATS, &o->cap_stats, row + 1)) < 0) return rc;
    if (o->n_objects > o->cap_objects && (rc = grow(o, G_OBJECTS, &o->cap_objects, o->n_objects)) < 0) return rc;
    o->st_owner[row] = owner;
    o->st_metadata_id[row] = (int64_t)metadata_id;
    o->st_kind[row] = (int8_t)kind;
    o->st_int[row] = ival;
    if (o->st_double) memcpy(&o->st_double[row], &dbits, 8);
    if (kind == KIND_STR || kind == KIND_BYTES) {
        Interner *t = kind == KIND_STR ? &o->str_table : &o->bytes_table;
        PyObject *value = intern_value(t, obj, obj_end - obj, kind == KIND_STR);
        if (!value) return -2; /* a Python error is set */
        o->object_rows[o->n_objects - 1] = row;
        if (store_item(o, o->objects, o->n_objects - 1, value) < 0) return -2;
    }
    return 0;
}

/* One XEvent: fields 1 metadata_id, 2 offset_ps | 5 num_occurrences, 3 duration_ps, 4 stats. */
static int read_event(PlaneOut *o, ptr p, ptr end, int32_t line) {
    uint64_t metadata_id = 0, offset = 0, duration = 0, occurrences = 0;
    Py_ssize_t row = o->n_events++;
    if (o->filling && row >= o->cap_events) {
        int rc = grow(o, G_EVENTS, &o->cap_events, row + 1);
        if (rc < 0) return rc;
    }
    while (p < end) {
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_VARINT && field <= 5 && field != 4) {
            uint64_t v;
            if (read_varint(&p, end, &v) < 0) return -1;
            switch (field) {
                case 1: metadata_id = v; break;
                case 2: offset = v; occurrences = 0; break;
                case 3: duration = v; break;
                default: occurrences = v; offset = 0; break;
            }
        } else if (wire == WT_LEN && field == 4) {
            ptr s, s_end;
            if (read_len(&p, end, &s, &s_end) < 0) return -1;
            int rc = read_stat(o, s, s_end, row);
            if (rc < 0) return rc;
        } else if (skip_value(&p, end, field, wire, 0, 0) < 0) {
            return -1;
        }
    }
    if (occurrences) o->n_aggregated++;
    if (o->filling) {
        o->ev_line[row] = line;
        o->ev_metadata_id[row] = (int64_t)metadata_id;
        o->ev_offset[row] = (int64_t)offset;
        o->ev_duration[row] = (int64_t)duration;
        if (o->ev_occurrences) o->ev_occurrences[row] = (int64_t)occurrences;
    }
    return 0;
}

/* New reference: a strict UTF-8 str (names; protobuf refuses invalid ones too). */
static PyObject *name_of(ptr s, ptr s_end) {
    return PyUnicode_DecodeUTF8((const char *)s, s_end - s, NULL);
}

/* One XLine: 1 id, 10 display_id, 2 name, 11 display_name, 3 timestamp_ns, 9 duration_ps, 4 events. */
static int read_line(PlaneOut *o, ptr p, ptr end, int decode_events) {
    uint64_t id = 0, display_id = 0, timestamp = 0, duration = 0;
    ptr name = p, name_end = p, display = p, display_end = p;
    Py_ssize_t line = o->n_lines++;
    Py_ssize_t first_event = o->n_events;
    if (line > INT32_MAX) return fail("too many lines in one plane");
    if (o->filling && line >= o->cap_lines) {
        int rc = grow(o, G_LINES, &o->cap_lines, line + 1);
        if (rc < 0) return rc;
    }
    while (p < end) {
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_VARINT && (field == 1 || field == 10 || field == 3 || field == 9)) {
            uint64_t v;
            if (read_varint(&p, end, &v) < 0) return -1;
            if (field == 1) id = v;
            else if (field == 10) display_id = v;
            else if (field == 3) timestamp = v;
            else duration = v;
        } else if (wire == WT_LEN && (field == 2 || field == 11)) {
            if (field == 2) {
                if (read_len(&p, end, &name, &name_end) < 0) return -1;
            } else if (read_len(&p, end, &display, &display_end) < 0) {
                return -1;
            }
        } else if (wire == WT_LEN && field == 4) {
            ptr e, e_end;
            if (read_len(&p, end, &e, &e_end) < 0) return -1;
            if (decode_events || !o->filling) { /* the counting pass checks every event */
                int rc = read_event(o, e, e_end, (int32_t)line);
                if (rc < 0) return rc;
            } else {
                o->n_events++;
            }
        } else if (skip_value(&p, end, field, wire, 1, 0) < 0) {
            return -1;
        }
    }
    if (!o->filling) {
        /* names are checked in the counting pass so that the fill pass cannot fail on them */
        PyObject *a = name_of(name, name_end);
        if (!a) return -2;
        Py_DECREF(a);
        PyObject *b = name_of(display, display_end);
        if (!b) return -2;
        Py_DECREF(b);
        return 0;
    }
    o->line_id[line] = (int64_t)id;
    o->display_id[line] = (int64_t)display_id;
    o->timestamp_ns[line] = (int64_t)timestamp;
    o->line_duration[line] = (int64_t)duration;
    o->num_events[line] = (int64_t)(o->n_events - first_event);
    PyObject *a = name_of(name, name_end);
    if (!a || store_item(o, o->line_name, line, a) < 0) return -2;
    PyObject *b = name_of(display, display_end);
    if (!b || store_item(o, o->line_display_name, line, b) < 0) return -2;
    return 0;
}

/* Walks the plane's fields: lines are read, every other field is copied to `header`
 * (when not NULL) for protobuf. Returns -1 (g_error set) or -2 (Python error set). */
static int walk_plane(PlaneOut *o, ptr p, ptr end, int decode_events, char *header, Py_ssize_t *header_size) {
    Py_ssize_t size = 0;
    while (p < end) {
        ptr field_start = p;
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_LEN && field == 3) {
            ptr l, l_end;
            if (read_len(&p, end, &l, &l_end) < 0) return -1;
            int rc = read_line(o, l, l_end, decode_events);
            if (rc < 0) return rc;
        } else {
            if (skip_value(&p, end, field, wire, 1, 0) < 0) return -1;
            if (header) {
                if (size + (p - field_start) > o->cap_header) return fail(CHANGED);
                memcpy(header + size, field_start, (size_t)(p - field_start));
            }
            size += p - field_start;
        }
    }
    *header_size = size;
    return 0;
}

/* Stores a new reference under key (the reference is given to the dict). */
static int put(PyObject *dict, const char *key, PyObject *value) {
    if (!value) return -1;
    int rc = PyDict_SetItemString(dict, key, value);
    Py_DECREF(value);
    return rc;
}

/* A bytearray of n items (a numpy.frombuffer target); *data points at its bytes. */
static PyObject *column(Py_ssize_t n, Py_ssize_t itemsize, void *data) {
    PyObject *arr = PyByteArray_FromStringAndSize(NULL, n * itemsize);
    if (arr) *(void **)data = PyByteArray_AS_STRING(arr);
    return arr;
}

/* A column of n rows stored in `dict` under `key` and added to `group` (to grow and trim it). */
static int add_column(PlaneOut *o, int group, PyObject *dict, const char *key, Py_ssize_t n, Py_ssize_t itemsize,
                      void *data) {
    PyObject *arr = column(n, itemsize, data);
    if (!arr) return -1;
    ColumnGroup *g = &o->groups[group];
    g->columns[g->n++] = (Column){arr, (void **)data, itemsize};
    return put(dict, key, arr); /* the dict keeps it alive: the group's reference is borrowed */
}

/* Where growing: each group's columns cut to their rows, the all-zero columns left out (as counted ones are). */
static int trim_columns(PlaneOut *o, PyObject *result) {
    Py_ssize_t rows[N_GROUPS] = {o->n_lines, o->n_events, o->n_stats, o->n_objects};
    for (int k = 0; k < N_GROUPS; k++) {
        ColumnGroup *g = &o->groups[k];
        for (int i = 0; i < g->n; i++)
            if (PyByteArray_Resize(g->columns[i].array, rows[k] * g->columns[i].itemsize) < 0) return -1;
    }
    if (o->ev_occurrences && !o->n_aggregated && PyDict_DelItemString(result, "num_occurrences") < 0) return -1;
    if (o->st_double && !o->n_doubles && PyDict_DelItemString(result, "stat_double") < 0) return -1;
    return 0;
}

/* Starting rows of each group's columns for one pass over `size` bytes (they double as they fill): a
 * generous guess (about 20 bytes an event or stat is usual), since growing copies and faults in more. */
static Py_ssize_t first_rows(Py_ssize_t size) { return size / 16 + 16; }

static PyObject *read_plane(PyObject *self, PyObject *args) {
    Py_buffer view;
    Py_ssize_t start, stop;
    int decode_events, one_pass = 0;
    PyObject *counts = Py_None;
    if (!PyArg_ParseTuple(args, "y*nnp|Op", &view, &start, &stop, &decode_events, &counts, &one_pass)) return NULL;
    PyObject *result = NULL, *header = NULL;
    char *header_buffer = NULL; /* one pass: the header's bytes, at most the plane's */
    PlaneOut o;
    memset(&o, 0, sizeof o);
    Py_ssize_t header_size = 0, n_lines = 0, n_events = 0, n_stats = 0, n_objects = 0, n_aggregated = 0, n_doubles = 0;
    int rc;
    if (start < 0 || stop > view.len || start > stop) {
        PyErr_SetString(PyExc_ValueError, "plane span outside the buffer");
        goto done;
    }
    ptr base = (ptr)view.buf;
    o.growing = one_pass && decode_events && counts == Py_None;
    if (counts != Py_None) { /* counted (and checked) by an earlier call: one pass */
        if (!PyArg_ParseTuple(counts, "nnnnnnn", &n_lines, &n_events, &n_stats, &n_objects, &header_size, &n_aggregated,
                              &n_doubles))
            goto done;
        if (n_lines < 0 || n_events < 0 || n_stats < 0 || n_objects < 0 || header_size < 0 || n_aggregated < 0 ||
            n_doubles < 0) {
            PyErr_SetString(PyExc_ValueError, "negative counts");
            goto done;
        }
    } else if (o.growing) { /* one pass: every byte is checked while the columns fill and grow */
        n_lines = 16, n_events = n_stats = first_rows(stop - start), n_objects = 16;
        n_aggregated = n_doubles = 1; /* their columns are made, then left out where they hold no value */
        header_size = stop - start;
    } else { /* pass 1: check every byte and count */
        rc = walk_plane(&o, base + start, base + stop, 1, NULL, &header_size);
        if (rc < 0) {
            if (rc == -1) PyErr_SetString(PyExc_ValueError, g_error);
            goto done;
        }
        n_lines = o.n_lines, n_events = o.n_events, n_stats = o.n_stats, n_objects = o.n_objects;
        n_aggregated = o.n_aggregated, n_doubles = o.n_doubles;
    }
    /* events decoded with known counts: the header was read with those counts, it is not copied again */
    int want_header = !(decode_events && counts != Py_None);
    result = PyDict_New();
    if (want_header) {
        if (o.growing) {
            header_buffer = PyMem_Malloc(header_size ? (size_t)header_size : 1);
            if (!header_buffer) {
                PyErr_NoMemory();
                goto fail;
            }
        } else {
            header = PyBytes_FromStringAndSize(NULL, header_size);
        }
    }
    o.line_name = PyList_New(o.growing ? 0 : n_lines);
    o.line_display_name = PyList_New(o.growing ? 0 : n_lines);
    if (!result || (want_header && !header && !header_buffer) || !o.line_name || !o.line_display_name) goto fail;
    if (add_column(&o, G_LINES, result, "line_id", n_lines, 8, &o.line_id) < 0 ||
        add_column(&o, G_LINES, result, "display_id", n_lines, 8, &o.display_id) < 0 ||
        add_column(&o, G_LINES, result, "timestamp_ns", n_lines, 8, &o.timestamp_ns) < 0 ||
        add_column(&o, G_LINES, result, "line_duration_ps", n_lines, 8, &o.line_duration) < 0 ||
        add_column(&o, G_LINES, result, "num_events", n_lines, 8, &o.num_events) < 0 ||
        PyDict_SetItemString(result, "line_name", o.line_name) < 0 ||
        PyDict_SetItemString(result, "line_display_name", o.line_display_name) < 0)
        goto fail;
    if (decode_events) {
        o.objects = PyList_New(o.growing ? 0 : n_objects);
        if (!o.objects || PyDict_SetItemString(result, "objects", o.objects) < 0) goto fail;
        if (add_column(&o, G_EVENTS, result, "line", n_events, 4, &o.ev_line) < 0 ||
            add_column(&o, G_EVENTS, result, "metadata_id", n_events, 8, &o.ev_metadata_id) < 0 ||
            add_column(&o, G_EVENTS, result, "offset_ps", n_events, 8, &o.ev_offset) < 0 ||
            add_column(&o, G_EVENTS, result, "duration_ps", n_events, 8, &o.ev_duration) < 0 ||
            (n_aggregated && add_column(&o, G_EVENTS, result, "num_occurrences", n_events, 8, &o.ev_occurrences) < 0) ||
            add_column(&o, G_STATS, result, "stat_owner", n_stats, 8, &o.st_owner) < 0 ||
            add_column(&o, G_STATS, result, "stat_metadata_id", n_stats, 8, &o.st_metadata_id) < 0 ||
            add_column(&o, G_STATS, result, "stat_kind", n_stats, 1, &o.st_kind) < 0 ||
            add_column(&o, G_STATS, result, "stat_int", n_stats, 8, &o.st_int) < 0 ||
            (n_doubles && add_column(&o, G_STATS, result, "stat_double", n_stats, 8, &o.st_double) < 0) ||
            add_column(&o, G_OBJECTS, result, "object_rows", n_objects, 8, &o.object_rows) < 0)
            goto fail;
    }
    /* pass 2: fill (every byte was checked in pass 1, or is checked now where growing) */
    o.filling = 1;
    o.cap_lines = n_lines, o.cap_events = n_events, o.cap_stats = n_stats, o.cap_objects = n_objects;
    o.cap_header = header_size;
    o.n_lines = o.n_events = o.n_stats = o.n_objects = o.n_aggregated = o.n_doubles = 0;
    char *header_out = header ? PyBytes_AS_STRING(header) : header_buffer;
    rc = walk_plane(&o, base + start, base + stop, decode_events, header_out, &header_size);
    if (rc < 0) {
        if (rc == -1) PyErr_SetString(PyExc_ValueError, g_error);
        goto fail;
    }
    if (o.growing) {
        n_lines = o.n_lines, n_events = o.n_events, n_stats = o.n_stats, n_objects = o.n_objects;
        n_aggregated = o.n_aggregated, n_doubles = o.n_doubles;
        if (trim_columns(&o, result) < 0) goto fail;
        header = PyBytes_FromStringAndSize(header_buffer, header_size);
        if (!header) goto fail;
    } else if (o.n_lines != n_lines || o.n_events != n_events || header_size != o.cap_header ||
               (decode_events && (o.n_stats != n_stats || o.n_objects != n_objects || o.n_aggregated != n_aggregated ||
                                  o.n_doubles != n_doubles))) {
        PyErr_SetString(PyExc_ValueError, CHANGED);
        goto fail;
    }
    if (put(result, "counts",
            Py_BuildValue("(nnnnnnn)", n_lines, n_events, n_stats, n_objects, header_size, n_aggregated, n_doubles)) < 0)
        goto fail;
    if (header && PyDict_SetItemString(result, "header", header) < 0) goto fail;
    goto done;
fail:
    Py_CLEAR(result);
done:
    Py_XDECREF(header);
    PyMem_Free(header_buffer);
    Py_XDECREF(o.line_name);
    Py_XDECREF(o.line_display_name);
    Py_XDECREF(o.objects);
    interner_free(&o.str_table);
    interner_free(&o.bytes_table);
    PyBuffer_Release(&view);
    return result;
}

/* ------------------------------------------------------------------ the XSpace itself */

static PyObject *split_space(PyObject *self, PyObject *args) {
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "y*", &view)) return NULL;
    PyObject *spans = PyList_New(0), *errors = PyList_New(0), *warnings = PyList_New(0), *hosts = PyList_New(0);
    PyObject *result = NULL;
    if (!spans || !errors || !warnings || !hosts) goto done;
    ptr base = (ptr)view.buf, p = base, end = base + view.len;
    while (p < end) {
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) {
            PyErr_SetString(PyExc_ValueError, g_error);
            goto done;
        }
        if (wire == WT_LEN && field >= 1 && field <= 4) {
            ptr s, s_end;
            if (read_len(&p, end, &s, &s_end) < 0) {
                PyErr_SetString(PyExc_ValueError, g_error);
                goto done;
            }
            PyObject *item = field == 1 ? Py_BuildValue("(nn)", (Py_ssize_t)(s - base), (Py_ssize_t)(s_end - base))
                                        : name_of(s, s_end);
            if (!item) goto done;
            PyObject *into = field == 1 ? spans : field == 2 ? errors : field == 3 ? warnings : hosts;
            int rc = PyList_Append(into, item);
            Py_DECREF(item);
            if (rc < 0) goto done;
        } else if (skip_value(&p, end, field, wire, 1, 0) < 0) {
            PyErr_SetString(PyExc_ValueError, g_error);
            goto done;
        }
    }
    result = PyTuple_Pack(4, spans, errors, warnings, hosts);
done:
    Py_XDECREF(spans);
    Py_XDECREF(errors);
    Py_XDECREF(warnings);
    Py_XDECREF(hosts);
    PyBuffer_Release(&view);
    return result;
}

/* ------------------------------------------------------------------ nesting */

/* For events sorted by (line_key, start asc, duration desc): the direct parent (row, -1 at
 * top level), depth and self time of each. The parent is the latest earlier event of the
 * line that contains the event (ends at or after its end, and after its start): a stack
 * walk finds it, since an event popped from the stack contains no later event that the
 * one popping it does not. self = duration - the durations of direct children.
 * nest(line_key int32 or int64, start int64, end int64, parent_out int64, depth_out int32, self_out int64) */
static PyObject *nest(PyObject *self, PyObject *args) {
    Py_buffer key_v, start_v, end_v, parent_v, depth_v, self_v;
    if (!PyArg_ParseTuple(args, "y*y*y*w*w*w*", &key_v, &start_v, &end_v, &parent_v, &depth_v, &self_v)) return NULL;
    PyObject *result = NULL;
    Py_ssize_t n = start_v.len / 8;
    int64_t *stack = NULL;
    int key32 = key_v.len == n * 4 && n > 0;
    if ((key_v.len != n * 8 && !key32) || end_v.len != n * 8 || parent_v.len != n * 8 || depth_v.len != n * 4 ||
        self_v.len != n * 8) {
        PyErr_SetString(PyExc_ValueError, "nest: arrays of different lengths");
        goto done;
    }
    stack = (int64_t *)PyMem_Malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!stack) {
        PyErr_NoMemory();
        goto done;
    }
    const int64_t *key64 = (const int64_t *)key_v.buf, *start = (const int64_t *)start_v.buf,
                  *end = (const int64_t *)end_v.buf;
    const int32_t *key32p = (const int32_t *)key_v.buf;
    int64_t *parent = (int64_t *)parent_v.buf, *self_ps = (int64_t *)self_v.buf;
    int32_t *depth = (int32_t *)depth_v.buf;
    Py_BEGIN_ALLOW_THREADS;
    Py_ssize_t top = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (i && (key32 ? key32p[i] != key32p[i - 1] : key64[i] != key64[i - 1])) top = 0;
        /* the stacked event c contains i when end[c] >= end[i] and end[c] > start[i] */
        int64_t need = end[i] > start[i] ? end[i] : (start[i] == INT64_MAX ? INT64_MAX : start[i] + 1);
        while (top && end[stack[top - 1]] < need) top--;
        int64_t duration = (int64_t)((uint64_t)end[i] - (uint64_t)start[i]);
        self_ps[i] = duration;
        if (top) {
            int64_t p = stack[top - 1];
            parent[i] = p;
            depth[i] = (int32_t)(top < INT32_MAX ? top : INT32_MAX);
            self_ps[p] = (int64_t)((uint64_t)self_ps[p] - (uint64_t)duration);
        } else {
            parent[i] = -1;
            depth[i] = 0;
        }
        stack[top++] = i;
    }
    Py_END_ALLOW_THREADS;
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(stack);
    PyBuffer_Release(&key_v);
    PyBuffer_Release(&start_v);
    PyBuffer_Release(&end_v);
    PyBuffer_Release(&parent_v);
    PyBuffer_Release(&depth_v);
    PyBuffer_Release(&self_v);
    return result;
}

/* owners(parent, marked, owner, node_parent): over a forest whose parents precede their children,
   owner[i] = the node number (rank among marked rows) of i itself when marked, else of its
   nearest marked ancestor (-1: none); node_parent[k] = the node number of the k-th marked row's
   nearest marked strict ancestor (-1: none). Returns False (outputs unusable) when a parent does
   not precede its child. */
static PyObject *owners(PyObject *self, PyObject *args) {
    Py_buffer parent_v, marked_v, owner_v, node_parent_v;
    if (!PyArg_ParseTuple(args, "y*y*w*w*", &parent_v, &marked_v, &owner_v, &node_parent_v)) return NULL;
    PyObject *result = NULL;
    Py_ssize_t n = parent_v.len / 8, m = node_parent_v.len / 8;
    if (marked_v.len != n || owner_v.len != n * 8) {
        PyErr_SetString(PyExc_ValueError, "owners: arrays of different lengths");
        goto done;
    }
    const int64_t *parent = (const int64_t *)parent_v.buf;
    const uint8_t *marked = (const uint8_t *)marked_v.buf;
    int64_t *owner = (int64_t *)owner_v.buf, *node_parent = (int64_t *)node_parent_v.buf;
    int ok = 1;
    Py_BEGIN_ALLOW_THREADS;
    int64_t rank = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t p = parent[i];
        if (p >= i) {
            ok = 0;
            break;
        }
        int64_t above = p < 0 ? -1 : owner[p];
        if (marked[i]) {
            if (rank >= m) {
                ok = 0;
                break;
            }
            node_parent[rank] = above;
            owner[i] = rank++;
        } else {
            owner[i] = above;
        }
    }
    if (rank != m) ok = 0;
    Py_END_ALLOW_THREADS;
    result = PyBool_FromLong(ok);
done:
    PyBuffer_Release(&parent_v);
    PyBuffer_Release(&marked_v);
    PyBuffer_Release(&owner_v);
    PyBuffer_Release(&node_parent_v);
    return result;
}

/* ------------------------------------------------------------------ plane header maps */

/* Columns of a plane header's event_metadata and stat_metadata maps, entries in file order.
 * The header was parsed by protobuf first (it checked the bytes and the UTF-8 of names);
 * map entries protobuf would merge or drop are left to it: UNUSUAL. */
enum { EM_KEY, EM_NAME, EM_DISPLAY, EM_METADATA, EM_CHILDREN, ST_OWNER, ST_MID, ST_KIND, ST_INT, ST_DOUBLE, ST_OBJ,
       SM_KEY, SM_NAME, SM_DESCRIPTION, PS_OWNER, PS_MID, PS_KIND, PS_INT, PS_DOUBLE, PS_OBJ, N_HEADER_LISTS };
#define UNUSUAL (-3)

/* Appends a new reference to a list; -2 (Python error) when value is NULL or append fails. */
static int append_new(PyObject *list, PyObject *value) {
    if (!value) return -2;
    int rc = PyList_Append(list, value);
    Py_DECREF(value);
    return rc < 0 ? -2 : 0;
}

/* A strict UTF-8 str of [s, s_end) (an empty str for NULL) into list. */
static int append_str(PyObject *list, ptr s, ptr s_end) {
    return append_new(list, s ? name_of(s, s_end) : PyUnicode_FromStringAndSize(NULL, 0));
}

/* One XStat of event metadata `owner` (an entry's position) into the ST_* lists, or of the plane
 * (owner 0) into the PS_* lists: `first` is ST_OWNER or PS_OWNER. */
static int header_stat(PyObject **L, int first, ptr p, ptr end, Py_ssize_t owner) {
    Stat s;
    if (parse_stat(p, end, 1, &s) < 0) return -1;
    double d;
    memcpy(&d, &s.dbits, 8);
    PyObject *obj = Py_None;
    Py_INCREF(obj);
    if (s.kind == KIND_STR) {
        Py_DECREF(obj);
        obj = name_of(s.obj, s.obj_end);
    } else if (s.kind == KIND_BYTES) {
        Py_DECREF(obj);
        obj = PyBytes_FromStringAndSize((const char *)s.obj, s.obj_end - s.obj);
    }
    L += first - ST_OWNER; /* the PS_* lists lie in the order of the ST_* lists */
    if (append_new(L[ST_OBJ], obj) < 0) return -2;
    if (append_new(L[ST_OWNER], PyLong_FromSsize_t(owner)) < 0) return -2;
    if (append_new(L[ST_MID], PyLong_FromLongLong((int64_t)s.metadata_id)) < 0) return -2;
    if (append_new(L[ST_KIND], PyLong_FromLong(s.kind)) < 0) return -2;
    if (append_new(L[ST_INT], PyLong_FromUnsignedLongLong(s.ival)) < 0) return -2;
    return append_new(L[ST_DOUBLE], PyFloat_FromDouble(d));
}

/* One XEventMetadata (NULL: an entry without its value): 2 name, 4 display_name, 3 metadata,
 * 5 stats, 6 child_id (varint or packed). The last name wins; stats and child ids add up. */
static int header_event_metadata(PyObject **L, ptr p, ptr end, Py_ssize_t owner) {
    ptr name = NULL, name_end = NULL, display = NULL, display_end = NULL, meta = NULL, meta_end = NULL;
    PyObject *children = PyList_New(0);
    if (!children) return -2;
    int rc = 0;
    while (p && p < end && rc == 0) {
        uint32_t field;
        int wire;
        ptr s, s_end;
        uint64_t v;
        if (read_tag(&p, end, &field, &wire) < 0) {
            rc = -1;
        } else if (wire == WT_LEN && (field == 2 || field == 3 || field == 4)) {
            if (read_len(&p, end, &s, &s_end) < 0) rc = -1;
            else if (field == 2) name = s, name_end = s_end;
            else if (field == 4) display = s, display_end = s_end;
            else meta = s, meta_end = s_end;
        } else if (wire == WT_LEN && field == 5) {
            rc = read_len(&p, end, &s, &s_end) < 0 ? -1 : header_stat(L, ST_OWNER, s, s_end, owner);
        } else if (wire == WT_LEN && field == 6) {
            if (read_len(&p, end, &s, &s_end) < 0) rc = -1;
            while (rc == 0 && s < s_end) {
                if (read_varint(&s, s_end, &v) < 0) rc = -1;
                else rc = append_new(children, PyLong_FromLongLong((int64_t)v));
            }
        } else if (wire == WT_VARINT && field == 6) {
            rc = read_varint(&p, end, &v) < 0 ? -1 : append_new(children, PyLong_FromLongLong((int64_t)v));
        } else if (skip_value(&p, end, field, wire, 1, 0) < 0) {
            rc = -1;
        }
    }
    if (rc == 0) rc = append_str(L[EM_NAME], name, name_end);
    if (rc == 0) rc = append_str(L[EM_DISPLAY], display, display_end);
    if (rc == 0) rc = append_new(L[EM_METADATA], PyBytes_FromStringAndSize((const char *)meta, meta ? meta_end - meta : 0));
    if (rc == 0) return append_new(L[EM_CHILDREN], children);
    Py_DECREF(children);
    return rc;
}

/* One XStatMetadata (NULL: an entry without its value): 2 name, 3 description; the last wins. */
static int header_stat_metadata(PyObject **L, ptr p, ptr end) {
    ptr name = NULL, name_end = NULL, desc = NULL, desc_end = NULL;
    while (p && p < end) {
        uint32_t field;
        int wire;
        ptr s, s_end;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_LEN && (field == 2 || field == 3)) {
            if (read_len(&p, end, &s, &s_end) < 0) return -1;
            if (field == 2) name = s, name_end = s_end;
            else desc = s, desc_end = s_end;
        } else if (skip_value(&p, end, field, wire, 1, 0) < 0) {
            return -1;
        }
    }
    int rc = append_str(L[SM_NAME], name, name_end);
    return rc < 0 ? rc : append_str(L[SM_DESCRIPTION], desc, desc_end);
}

/* One map entry: 1 key (int64), 2 value. UNUSUAL: a value given twice (protobuf merges them),
 * any other field or wire type (protobuf drops the entry then). */
static int header_entry(PyObject **L, ptr p, ptr end, int is_event) {
    uint64_t key = 0;
    ptr value = NULL, value_end = NULL;
    while (p < end) {
        uint32_t field;
        int wire;
        if (read_tag(&p, end, &field, &wire) < 0) return -1;
        if (wire == WT_VARINT && field == 1) {
            if (read_varint(&p, end, &key) < 0) return -1;
        } else if (wire == WT_LEN && field == 2) {
            if (value) return UNUSUAL;
            if (read_len(&p, end, &value, &value_end) < 0) return -1;
        } else {
            return UNUSUAL; /* protobuf drops an entry holding other fields */
        }
    }
    PyObject *keys = L[is_event ? EM_KEY : SM_KEY];
    Py_ssize_t owner = PyList_GET_SIZE(keys);
    if (append_new(keys, PyLong_FromLongLong((int64_t)key)) < 0) return -2;
    return is_event ? header_event_metadata(L, value, value_end, owner) : header_stat_metadata(L, value, value_end);
}

/* read_header(header bytes) -> 20 lists (see EM_KEY...: the metadata maps, then the plane's stats)
 * or None where protobuf's parse must be used. */
static PyObject *read_header(PyObject *self, PyObject *args) {
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "y*", &view)) return NULL;
    PyObject *L[N_HEADER_LISTS] = {NULL};
    int rc = 0;
    for (int i = 0; i < N_HEADER_LISTS && rc == 0; i++)
        if (!(L[i] = PyList_New(0))) rc = -2;
    ptr p = view.buf, end = p + view.len;
    while (p < end && rc == 0) {
        uint32_t field;
        int wire;
        ptr s, s_end;
        if (read_tag(&p, end, &field, &wire) < 0) {
            rc = -1;
        } else if (wire == WT_LEN && (field == 4 || field == 5)) {
            rc = read_len(&p, end, &s, &s_end) < 0 ? -1 : header_entry(L, s, s_end, field == 4);
        } else if (wire == WT_LEN && field == 6) { /* XPlane.stats */
            rc = read_len(&p, end, &s, &s_end) < 0 ? -1 : header_stat(L, PS_OWNER, s, s_end, 0);
        } else if (skip_value(&p, end, field, wire, 1, 0) < 0) {
            rc = -1;
        }
    }
    PyBuffer_Release(&view);
    PyObject *result = NULL;
    if (rc == 0) {
        result = PyTuple_New(N_HEADER_LISTS);
        for (int i = 0; result && i < N_HEADER_LISTS; i++) {
            PyTuple_SET_ITEM(result, i, L[i]);
            L[i] = NULL;
        }
    } else if (rc == -2 && PyErr_ExceptionMatches(PyExc_MemoryError)) {
        result = NULL;
    } else {  /* bytes or UTF-8 protobuf would read differently: its parse decides */
        PyErr_Clear();
        Py_INCREF(Py_None);
        result = Py_None;
    }
    for (int i = 0; i < N_HEADER_LISTS; i++) Py_XDECREF(L[i]);
    return result;
}

static PyMethodDef methods[] = {
    {"split_space", split_space, METH_VARARGS, "(plane spans, errors, warnings, hostnames) of a serialized XSpace."},
    {"read_plane", read_plane, METH_VARARGS, "Lines, events and stats of one XPlane as columns (see module doc)."},
    {"read_header", read_header, METH_VARARGS,
     "A plane header's event and stat metadata maps and its stats as lists, or None (see read_header)."},
    {"nest", nest, METH_VARARGS, "Parent, depth and self time of each event by a stack walk per line."},
    {"owners", owners, METH_VARARGS, "Each row's nearest marked ancestor-or-self as a node number, and the nodes' parents."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_wire", "XSpace wire format to columns.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__wire(void) { return PyModule_Create(&module); }
