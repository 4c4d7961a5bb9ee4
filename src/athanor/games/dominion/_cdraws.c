/* The compiled build's Dominion draws: the very numbers of the pure-Python reference.
 *
 * The pure-Python code is the reference; this file only makes it cheaper in the compiled
 * build (setup.py builds it beside the mypyc modules, and tests compare the two on thousands
 * of draws, rejected ones included). mypyc keeps 64-bit unsigned values as Python ints, so
 * SplitMix64 there cost about 12k instructions a shuffle; here it is native.
 *
 * shuffle(state, seq) shuffles the list ``seq`` in place, as ``rules._py_shuffle`` does with
 * a generator whose state is ``state``, and returns the generator's new state.
 *
 * below_down(state, n, k) returns ([below(n), below(n-1), ..., below(n-k+1)], new state): what
 * k calls of ``Rng.below`` give (a random kingdom's cards, ``kingdoms._draw_into``).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GAMMA UINT64_C(0x9E3779B97F4A7C15)

/* One SplitMix64 step: advance the state and return the mixed draw. */
static inline uint64_t
next64(uint64_t *st)
{
    uint64_t z = (*st += GAMMA);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static int
read_state(PyObject *arg, uint64_t *st)
{
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "the state must be an int");
        return -1;
    }
    *st = (uint64_t)PyLong_AsUnsignedLongLong(arg);
    if (*st == (uint64_t)-1 && PyErr_Occurred()) {
        return -1; /* negative, or 2**64 and above: not a generator state */
    }
    return 0;
}

static PyObject *
cdraws_shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(state, seq) takes exactly 2 arguments");
        return NULL;
    }
    PyObject *seq = args[1];
    if (!PyList_CheckExact(seq)) {
        PyErr_SetString(PyExc_TypeError, "shuffle's seq must be a list");
        return NULL;
    }
    uint64_t st;
    if (read_state(args[0], &st) < 0) {
        return NULL;
    }
    PyObject **items = ((PyListObject *)seq)->ob_item;
    Py_ssize_t i = PyList_GET_SIZE(seq) - 1;
    while (i > 0) {
        /* One draw for the swaps at i, i-1, ..., k+1: the product m of their ranges
           (i+1, i, ..., k+2) is the largest that stays within 2**64. */
        uint64_t m = 1;
        Py_ssize_t k = i;
        while (k > 0 && m <= UINT64_MAX / (uint64_t)(k + 1)) {
            m *= (uint64_t)(k + 1);
            k -= 1;
        }
        /* Draws at or above 2**64 - (2**64 % m) are rejected, so that z % m is uniform. */
        uint64_t rem = (UINT64_MAX % m + 1) % m;
        uint64_t z;
        do {
            z = next64(&st);
        } while (rem != 0 && z > UINT64_MAX - rem);
        uint64_t x = z % m;
        for (Py_ssize_t a = i; a > k; a--) {
            uint64_t b = (uint64_t)a + 1;
            Py_ssize_t j = (Py_ssize_t)(x % b);
            x /= b;
            PyObject *t = items[a];
            items[a] = items[j];
            items[j] = t;
        }
        i = k;
    }
    return PyLong_FromUnsignedLongLong(st);
}

static PyObject *
cdraws_below_down(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "below_down(state, n, k) takes exactly 3 arguments");
        return NULL;
    }
    uint64_t st;
    if (read_state(args[0], &st) < 0) {
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    Py_ssize_t k = n == -1 && PyErr_Occurred() ? -1 : PyLong_AsSsize_t(args[2]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (k < 0 || n - k < 0) {
        PyErr_SetString(PyExc_ValueError, "below_down needs 0 <= k <= n");
        return NULL;
    }
    PyObject *out = PyList_New(k);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        uint64_t b = (uint64_t)(n - i);
        /* Rng.below(b): draws above MASK - (MASK + 1) % b are rejected. */
        uint64_t limit = UINT64_MAX - (UINT64_MAX % b + 1) % b;
        uint64_t z;
        do {
            z = next64(&st);
        } while (z > limit);
        PyObject *v = PyLong_FromUnsignedLongLong(z % b);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    PyObject *state = PyLong_FromUnsignedLongLong(st);
    if (state == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    return Py_BuildValue("(NN)", out, state);
}

static PyMethodDef cdraws_methods[] = {
    {"shuffle", (PyCFunction)(void (*)(void))cdraws_shuffle, METH_FASTCALL,
     "shuffle(state, seq) -> new state: Dominion's shuffle of a list in place."},
    {"below_down", (PyCFunction)(void (*)(void))cdraws_below_down, METH_FASTCALL,
     "below_down(state, n, k) -> ([below(n), ..., below(n-k+1)], new state)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cdraws_module = {
    PyModuleDef_HEAD_INIT, "_cdraws",
    "The compiled build's Dominion draws (the pure-Python code is the reference).", -1,
    cdraws_methods,
};

PyMODINIT_FUNC
PyInit__cdraws(void)
{
    return PyModule_Create(&cdraws_module);
}
