/* The compiled build's Dominion shuffle: the very numbers of ``rules._py_shuffle``.
 *
 * The pure-Python function in rules.py is the reference; this file only makes it cheaper in
 * the compiled build (setup.py builds it beside the mypyc modules, and a test compares the two
 * on thousands of decks, rejected draws included). mypyc keeps 64-bit unsigned values as
 * Python ints, so SplitMix64 there cost about 12k instructions a shuffle; here it is native.
 *
 * shuffle(state, seq) shuffles the list ``seq`` in place, as ``_py_shuffle`` does with a
 * generator whose state is ``state``, and returns the generator's new state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GAMMA UINT64_C(0x9E3779B97F4A7C15)

static PyObject *
cshuffle_shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
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
    if (!PyLong_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "shuffle's state must be an int");
        return NULL;
    }
    uint64_t st = (uint64_t)PyLong_AsUnsignedLongLong(args[0]);
    if (st == (uint64_t)-1 && PyErr_Occurred()) {
        return NULL; /* negative, or 2**64 and above: not a generator state */
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
        for (;;) {
            st += GAMMA;
            z = st;
            z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
            z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
            z ^= z >> 31;
            if (rem == 0 || z <= UINT64_MAX - rem) {
                break;
            }
        }
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

static PyMethodDef cshuffle_methods[] = {
    {"shuffle", (PyCFunction)(void (*)(void))cshuffle_shuffle, METH_FASTCALL,
     "shuffle(state, seq) -> new state: Dominion's shuffle of a list in place."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cshuffle_module = {
    PyModuleDef_HEAD_INIT, "_cshuffle",
    "The compiled build's Dominion shuffle (rules._py_shuffle is the reference).", -1,
    cshuffle_methods,
};

PyMODINIT_FUNC
PyInit__cshuffle(void)
{
    return PyModule_Create(&cshuffle_module);
}
