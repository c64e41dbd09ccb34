// Byte relay between two connected sockets with splice(2): the kernel moves the bytes from one
// socket into a pipe and from the pipe into the other socket, so they never enter the process (no
// copy into user space and back, no allocation per chunk). It runs on the event loop of the
// Node.js thread that started it, through libuv poll handles on duplicates of the sockets'
// descriptors: one splice step per readiness event, as an event-driven server does.
//
// Node.js keeps owning the sockets. A relay works on duplicates of their descriptors, so closing
// a Node.js socket alone does not close its connection: `abort`, or the end of the relay, closes
// the duplicates. A relay runs until both directions ended (each end passed on as a shutdown for
// writing), either failed, or `abort`; meanwhile it keeps itself alive, whatever JavaScript drops.
// Its counters live in a Float64Array shared with JavaScript:
//   [0] bytes read from the target side, [1] bytes written to the target side,
//   [2] loop time (ms, uv_now) of the last byte moved either way,
//   [3] allowance: bytes the relay may read in all, from both sides (JavaScript raises it),
//   [4] bytes read from the client side, [5] low mark: onLow is called once when [0] + [4] reaches it.
// The allowance is a hard cap: no splice asks a socket for more than what is left of it, so the
// gateway never carries bytes it holds no credit for. With nothing left the relay stops reading
// (it still delivers what its pipes hold) and tells JavaScript, which raises it and calls resume.
//
// Linux only; elsewhere the module loads and says `supported: false`.
#include <node_api.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>
#define RELAY_SUPPORTED 1
#else
#define RELAY_SUPPORTED 0
#endif

#define CHECK(env, call)                                   \
  do {                                                     \
    if ((call) != napi_ok) {                               \
      napi_throw_error((env), NULL, "relay: " #call " failed"); \
      return NULL;                                         \
    }                                                      \
  } while (0)

#if RELAY_SUPPORTED

#define SPLICE_FLAGS (SPLICE_F_MOVE | SPLICE_F_NONBLOCK)

/**
 * Pipe capacity, bytes one splice asks for, and bytes one direction moves per readiness event:
 * 256 KiB. Larger steps mean fewer system calls and wake-ups per megabyte, for the relay and for
 * the peer reading the other end.
 */
#define DEFAULT_CHUNK (256 * 1024)

/**
 * TCP_NOTSENT_LOWAT of the relayed sockets: a socket takes more only while less than this waits
 * unsent in it. Without it, a fast source piles up to megabytes in the kernel towards a slower
 * reader, and the reader's own acknowledgements then push those bytes out, on the reader's time:
 * on the gateway benchmark the client spent about a third more CPU per megabyte. With it, the
 * relay sends what the reader can take, and the rest waits in the source's socket.
 */
#define DEFAULT_NOTSENT_LOWAT (64 * 1024)

typedef struct relay relay_t;

/** Per-thread (per Node.js environment) settings and the pool of idle pipes. */
typedef struct {
  int *pipes; /* pairs: read end, write end */
  size_t count;
  size_t capacity; /* in pairs */
  int pipe_size;   /* F_SETPIPE_SZ for new pipes, 0: the kernel's default */
  size_t step;     /* bytes one splice asks for */
  size_t budget;   /* bytes one lane moves per readiness event at most */
  double live;     /* relays running */
  double created_pipes;
  int notsent_lowat; /* TCP_NOTSENT_LOWAT of both sockets, 0: left as they are */
} instance_t;

/** One direction: from `src` through a pipe into `dst`. */
typedef struct {
  int src;
  int dst;
  int rfd; /* pipe ends, -1 while the lane holds no pipe */
  int wfd;
  size_t queued; /* bytes in the pipe */
  int eof;       /* src reached its end */
  int shut;      /* dst was shut down for writing after the last byte: the lane is done */
} lane_t;

/** Slots of the stats array (see the top of this file). */
enum { READ_TARGET, WRITTEN_TARGET, LAST_ACTIVE, ALLOWANCE, READ_CLIENT, LOW_MARK, STATS_LENGTH };

struct relay {
  double stats[STATS_LENGTH]; /* shared with JavaScript */
  napi_env env;
  instance_t *instance;
  uv_loop_t *loop;
  int fds[2]; /* 0: client, 1: target (duplicates, owned by the relay) */
  uv_poll_t polls[2];
  int events[2];
  lane_t lanes[2]; /* 0: client → target, 1: target → client */
  int running;
  int refs; /* the JavaScript array and the two poll handles (and a call of onLow under way) */
  int low_due; /* onLow is to be called at the end of this poll callback */
  int in_low;  /* onLow is running: finish leaves the async context and references to tell_low */
  int told;    /* onLow was called (or is due) for the allowance and mark below */
  double told_allowance;
  double told_mark;
  napi_ref on_end;
  napi_ref on_low; /* NULL: none given */
  napi_ref self; /* the stats array, kept alive while the relay runs */
  napi_async_context async;
};

static void release_ref(relay_t *relay) {
  relay->refs -= 1;
  if (relay->refs == 0) free(relay);
}

static void on_poll_closed(uv_handle_t *handle) { release_ref((relay_t *)handle->data); }

static int take_pipe(instance_t *instance, int *rfd, int *wfd) {
  if (instance->count > 0) {
    instance->count -= 1;
    *rfd = instance->pipes[2 * instance->count];
    *wfd = instance->pipes[2 * instance->count + 1];
    return 0;
  }
  int ends[2];
  if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
  // Refused over the user's pipe allowance (pipe-user-pages-soft, unprivileged): the pipe keeps
  // the kernel's default size, which works, in smaller steps.
  if (instance->pipe_size > 0) (void)fcntl(ends[1], F_SETPIPE_SZ, instance->pipe_size);
  instance->created_pipes += 1;
  *rfd = ends[0];
  *wfd = ends[1];
  return 0;
}

/** Gives an empty pipe back to the pool (or closes it when the pool is full or it holds bytes). */
static void give_pipe(instance_t *instance, lane_t *lane) {
  if (lane->rfd < 0) return;
  if (lane->queued == 0 && instance->count < instance->capacity) {
    instance->pipes[2 * instance->count] = lane->rfd;
    instance->pipes[2 * instance->count + 1] = lane->wfd;
    instance->count += 1;
  } else {
    close(lane->rfd);
    close(lane->wfd);
  }
  lane->rfd = -1;
  lane->wfd = -1;
  lane->queued = 0;
}

/** Lets go of what the relay holds in JavaScript: its callbacks, its array and its async context. */
static void let_go(relay_t *relay) {
  napi_env env = relay->env;
  if (relay->on_end) napi_delete_reference(env, relay->on_end);
  if (relay->on_low) napi_delete_reference(env, relay->on_low);
  if (relay->self) napi_delete_reference(env, relay->self);
  if (relay->async) napi_async_destroy(env, relay->async);
  relay->on_end = NULL;
  relay->on_low = NULL;
  relay->self = NULL;
  relay->async = NULL;
}

/** Calls onEnd (`argc` 1: with `had_error`) or onLow (`argc` 0) in the relay's async context. */
static void call_back(relay_t *relay, napi_ref reference, size_t argc, int had_error) {
  napi_env env = relay->env;
  napi_handle_scope scope;
  if (napi_open_handle_scope(env, &scope) != napi_ok) return;
  napi_value callback, receiver, argument;
  if (napi_get_reference_value(env, reference, &callback) == napi_ok && callback &&
      napi_get_global(env, &receiver) == napi_ok && napi_get_boolean(env, had_error != 0, &argument) == napi_ok) {
    // MakeCallback runs the microtasks and the next-tick queue afterwards. What the callback
    // throws is left pending by N-API: hand it to the process ('uncaughtException').
    if (napi_make_callback(env, relay->async, receiver, callback, argc, &argument, NULL) == napi_pending_exception) {
      napi_value error;
      if (napi_get_and_clear_last_exception(env, &error) == napi_ok) napi_fatal_exception(env, error);
    }
  }
  napi_close_handle_scope(env, scope);
}

/** Stops everything and closes the duplicates; `notify`: tell JavaScript (the relay ended by itself). */
static void finish(relay_t *relay, int had_error, int notify) {
  if (!relay->running) return;
  relay->running = 0;
  relay->instance->live -= 1;
  for (int side = 0; side < 2; side += 1) {
    give_pipe(relay->instance, &relay->lanes[side]);
    // uv_close stops the poll and removes the descriptor from epoll at once: closing it next is safe.
    uv_close((uv_handle_t *)&relay->polls[side], on_poll_closed);
    close(relay->fds[side]);
    relay->fds[side] = -1;
  }
  if (notify && relay->on_end) call_back(relay, relay->on_end, 1, had_error);
  // Aborted from inside onLow: that call still runs in the async context, tell_low lets go after it.
  if (!relay->in_low) let_go(relay);
}

static void touch(relay_t *relay) { relay->stats[LAST_ACTIVE] = (double)uv_now(relay->loop); }

/** Bytes the relay may still read (0 when less than one is left, or the allowance is not a number). */
static double credit(const relay_t *relay) {
  double left = relay->stats[ALLOWANCE] - (relay->stats[READ_TARGET] + relay->stats[READ_CLIENT]);
  return left >= 1 ? left : 0;
}

/** Equal, or both NaN (an allowance JavaScript set to NaN must not call onLow at every event). */
static int same(double a, double b) { return a == b || (a != a && b != b); }

/** Makes onLow due at the end of the poll callback, for the allowance and the mark as they are now. */
static void tell_later(relay_t *relay) {
  relay->low_due = 1;
  relay->told = 1;
  relay->told_allowance = relay->stats[ALLOWANCE];
  relay->told_mark = relay->stats[LOW_MARK];
}

/**
 * Moves what the lane's pipe holds into its destination. Answers 1 when the pipe is empty, 0 when
 * the destination is full, -1 on an error of the destination. An empty lane whose source ended
 * shuts its destination down for writing (the half-close is passed on).
 */
static int flush(relay_t *relay, int index) {
  lane_t *lane = &relay->lanes[index];
  while (lane->queued > 0) {
    ssize_t moved = splice(lane->rfd, NULL, lane->dst, NULL, lane->queued, SPLICE_FLAGS);
    if (moved > 0) {
      lane->queued -= (size_t)moved;
      if (index == 0) relay->stats[WRITTEN_TARGET] += (double)moved;
      touch(relay);
      continue;
    }
    if (moved < 0 && errno == EINTR) continue;
    if (moved < 0 && errno == EAGAIN) return 0;
    return -1;
  }
  give_pipe(relay->instance, lane);
  if (lane->eof && !lane->shut) {
    lane->shut = 1;
    // ENOTCONN when the peer is gone already: nothing left to tell it.
    (void)shutdown(lane->dst, SHUT_WR);
  }
  return 1;
}

/** Reads what the lane's source has (up to the budget) and passes it on. -1: an error. */
static int pump(relay_t *relay, int index) {
  lane_t *lane = &relay->lanes[index];
  instance_t *instance = relay->instance;
  size_t moved_now = 0;
  while (!lane->eof && lane->queued == 0 && moved_now < instance->budget) {
    // The cap is in the length asked for: the kernel cannot hand over more than the allowance left.
    size_t ask = instance->step;
    double left = credit(relay);
    if (left < (double)ask) ask = (size_t)left;
    if (ask == 0) {
      // Used up: update() stops polling this side for readable and tells JavaScript.
      give_pipe(instance, lane);
      return 0;
    }
    if (lane->rfd < 0 && take_pipe(instance, &lane->rfd, &lane->wfd) != 0) return -1;
    ssize_t read_now = splice(lane->src, NULL, lane->wfd, NULL, ask, SPLICE_FLAGS);
    if (read_now > 0) {
      lane->queued = (size_t)read_now;
      moved_now += (size_t)read_now;
      relay->stats[index == 1 ? READ_TARGET : READ_CLIENT] += (double)read_now;
      touch(relay);
      // Once per mark: JavaScript sets the next one when it raises the allowance.
      if (relay->stats[READ_TARGET] + relay->stats[READ_CLIENT] >= relay->stats[LOW_MARK]) {
        relay->stats[LOW_MARK] = INFINITY;
        tell_later(relay);
      }
    } else if (read_now == 0) {
      lane->eof = 1;
    } else if (errno == EINTR) {
      continue;
    } else if (errno == EAGAIN) {
      give_pipe(instance, lane);
      return 0;
    } else {
      return -1;
    }
    if (flush(relay, index) < 0) return -1;
  }
  return 0;
}

static void on_poll(uv_poll_t *handle, int status, int events);

/**
 * Polls each descriptor for what its lanes wait for; ends the relay when both lanes are done. A
 * lane the allowance stops from reading makes onLow due, unless JavaScript was told already about
 * the allowance and mark as they are (one call per stall, not one per poll event).
 */
static void update(relay_t *relay) {
  if (relay->lanes[0].shut && relay->lanes[1].shut) {
    finish(relay, 0, 1);
    return;
  }
  int can_read = credit(relay) > 0;
  int stalled = 0;
  for (int side = 0; side < 2; side += 1) {
    const lane_t *out = &relay->lanes[side];     /* reads from this side */
    const lane_t *in = &relay->lanes[1 - side];  /* writes to this side */
    int wanted = 0;
    if (!out->eof && out->queued == 0) {
      if (can_read) wanted |= UV_READABLE;
      else stalled = 1;
    }
    if (in->queued > 0) wanted |= UV_WRITABLE;
    if (wanted == relay->events[side]) continue;
    relay->events[side] = wanted;
    if (wanted) uv_poll_start(&relay->polls[side], wanted, on_poll);
    else uv_poll_stop(&relay->polls[side]);
  }
  if (stalled && !(relay->told && same(relay->told_allowance, relay->stats[ALLOWANCE]) &&
                   same(relay->told_mark, relay->stats[LOW_MARK])))
    tell_later(relay);
}

/** Calls onLow when it is due: at the end of a poll callback, never inside the splice loops. */
static void tell_low(relay_t *relay) {
  relay->low_due = 0;
  if (!relay->running || !relay->on_low) return;
  // onLow may abort the relay: it stays allocated (one more ref), and its async context and
  // references stay alive (finish leaves them while in_low), until the call returned.
  relay->refs += 1;
  relay->in_low = 1;
  call_back(relay, relay->on_low, 0, 0);
  relay->in_low = 0;
  if (!relay->running) let_go(relay);
  release_ref(relay);
}

static void on_poll(uv_poll_t *handle, int status, int events) {
  relay_t *relay = (relay_t *)handle->data;
  if (!relay->running) return;
  int side = handle == &relay->polls[0] ? 0 : 1;
  if (status < 0) {
    finish(relay, 1, 1);
    return;
  }
  // Writable: the lane towards this side can go on; readable: the lane from this side.
  if ((events & UV_WRITABLE) && flush(relay, 1 - side) < 0) {
    finish(relay, 1, 1);
    return;
  }
  if ((events & UV_READABLE) && pump(relay, side) < 0) {
    finish(relay, 1, 1);
    return;
  }
  update(relay);
  if (relay->low_due) tell_low(relay);
}

static instance_t *instance_of(napi_env env) {
  void *data = NULL;
  if (napi_get_instance_data(env, &data) != napi_ok) return NULL;
  return (instance_t *)data;
}

static void finalize_instance(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  instance_t *instance = (instance_t *)data;
  for (size_t at = 0; at < 2 * instance->count; at += 1) close(instance->pipes[at]);
  free(instance->pipes);
  free(instance);
}

/** The stats array is collected: the relay has ended (a running relay holds on to its array). */
static void finalize_stats(napi_env env, void *data, void *hint) {
  (void)env;
  (void)data;
  release_ref((relay_t *)hint);
}

/** Marks the arrays `relay()` answers, so that `abort` and `resume` know them from any other Float64Array. */
static const napi_type_tag STATS_TAG = {0x72656c6179505443ULL, 0x7374617473000001ULL};

static relay_t *relay_of(napi_env env, napi_value value) {
  bool is_ours = false;
  if (napi_check_object_type_tag(env, value, &STATS_TAG, &is_ours) != napi_ok || !is_ours) return NULL;
  napi_typedarray_type type;
  size_t length;
  void *data;
  napi_value buffer;
  size_t offset;
  if (napi_get_typedarray_info(env, value, &type, &length, &data, &buffer, &offset) != napi_ok) return NULL;
  return (relay_t *)((char *)data - offsetof(relay_t, stats));
}

/** relay(clientFd, targetFd, onEnd(hadError), onLow?()) → Float64Array of the relay's counters. */
static napi_value start_relay(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value args[4];
  CHECK(env, napi_get_cb_info(env, info, &argc, args, NULL, NULL));
  int32_t fds[2];
  napi_valuetype callback_type, on_low_type = napi_undefined;
  if (argc < 3 || napi_get_value_int32(env, args[0], &fds[0]) != napi_ok ||
      napi_get_value_int32(env, args[1], &fds[1]) != napi_ok ||
      napi_typeof(env, args[2], &callback_type) != napi_ok || callback_type != napi_function ||
      fds[0] < 0 || fds[1] < 0) {
    napi_throw_type_error(env, NULL, "relay(clientFd, targetFd, onEnd) expects two descriptors and a function");
    return NULL;
  }
  if (argc > 3 && (napi_typeof(env, args[3], &on_low_type) != napi_ok ||
                   (on_low_type != napi_function && on_low_type != napi_undefined))) {
    napi_throw_type_error(env, NULL, "relay(clientFd, targetFd, onEnd, onLow) expects onLow to be a function");
    return NULL;
  }
  instance_t *instance = instance_of(env);
  uv_loop_t *loop = NULL;
  if (!instance || napi_get_uv_event_loop(env, &loop) != napi_ok || !loop) {
    napi_throw_error(env, NULL, "relay: module not initialised");
    return NULL;
  }
  relay_t *relay = (relay_t *)calloc(1, sizeof(relay_t));
  if (!relay) {
    napi_throw_error(env, NULL, "relay: out of memory");
    return NULL;
  }
  relay->env = env;
  relay->instance = instance;
  relay->loop = loop;
  // No allowance and no mark: the relay reads as much as it is sent, and never calls onLow.
  relay->stats[ALLOWANCE] = INFINITY;
  relay->stats[LOW_MARK] = INFINITY;
  for (int side = 0; side < 2; side += 1) {
    relay->fds[side] = fcntl(fds[side], F_DUPFD_CLOEXEC, 0);
    if (relay->fds[side] < 0) {
      int code = errno;
      if (side == 1) close(relay->fds[0]);
      free(relay);
      napi_throw_error(env, NULL, code == EMFILE ? "relay: too many open files" : "relay: cannot duplicate a descriptor");
      return NULL;
    }
  }
  for (int index = 0; index < 2; index += 1) {
    lane_t *lane = &relay->lanes[index];
    lane->src = relay->fds[index];
    lane->dst = relay->fds[1 - index];
    lane->rfd = -1;
    lane->wfd = -1;
  }
  if (uv_poll_init(loop, &relay->polls[0], relay->fds[0]) != 0) {
    close(relay->fds[0]);
    close(relay->fds[1]);
    free(relay);
    napi_throw_error(env, NULL, "relay: cannot poll a descriptor");
    return NULL;
  }
  relay->polls[0].data = relay;
  if (uv_poll_init(loop, &relay->polls[1], relay->fds[1]) != 0) {
    // The first handle is libuv's until its close callback: the relay is freed there.
    relay->refs = 1;
    uv_close((uv_handle_t *)&relay->polls[0], on_poll_closed);
    close(relay->fds[0]);
    close(relay->fds[1]);
    napi_throw_error(env, NULL, "relay: cannot poll a descriptor");
    return NULL;
  }
  relay->polls[1].data = relay;
  if (instance->notsent_lowat > 0) {
    for (int side = 0; side < 2; side += 1)
      (void)setsockopt(relay->fds[side], IPPROTO_TCP, TCP_NOTSENT_LOWAT, &instance->notsent_lowat, sizeof(int));
  }
  relay->refs = 3;
  relay->running = 1;
  instance->live += 1;
  napi_value resource_name, result, array_buffer;
  CHECK(env, napi_create_reference(env, args[2], 1, &relay->on_end));
  if (on_low_type == napi_function) CHECK(env, napi_create_reference(env, args[3], 1, &relay->on_low));
  CHECK(env, napi_create_string_utf8(env, "PtcRelay", NAPI_AUTO_LENGTH, &resource_name));
  CHECK(env, napi_async_init(env, NULL, resource_name, &relay->async));
  touch(relay);
  CHECK(env, napi_create_external_arraybuffer(env, relay->stats, sizeof(relay->stats), finalize_stats, relay,
                                              &array_buffer));
  CHECK(env, napi_create_typedarray(env, napi_float64_array, STATS_LENGTH, array_buffer, 0, &result));
  CHECK(env, napi_type_tag_object(env, result, &STATS_TAG));
  // Running, the relay keeps its array (and so itself) alive, whatever JavaScript drops.
  CHECK(env, napi_create_reference(env, result, 1, &relay->self));
  update(relay);
  return result;
}

/** abort(stats): closes the relay's duplicates at once; its onEnd is not called. */
static napi_value abort_relay(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value args[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, args, NULL, NULL));
  relay_t *relay = argc == 1 ? relay_of(env, args[0]) : NULL;
  if (!relay) {
    napi_throw_type_error(env, NULL, "abort(stats) expects the array relay() answered");
    return NULL;
  }
  finish(relay, 1, 0);
  return NULL;
}

/**
 * resume(stats): polls again for what the allowance now lets the relay read. It never calls onLow
 * itself: a relay JavaScript resumes without credit stays stalled, and JavaScript knows it.
 */
static napi_value resume_relay(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value args[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, args, NULL, NULL));
  relay_t *relay = argc == 1 ? relay_of(env, args[0]) : NULL;
  if (!relay) {
    napi_throw_type_error(env, NULL, "resume(stats) expects the array relay() answered");
    return NULL;
  }
  if (!relay->running) return NULL;
  update(relay);
  // Called from JavaScript (onLow included), not from a poll callback: nothing is to be called back.
  relay->low_due = 0;
  return NULL;
}

/** now() → the loop time in ms (the clock of stats[2]). */
static napi_value loop_now(napi_env env, napi_callback_info info) {
  (void)info;
  uv_loop_t *loop = NULL;
  CHECK(env, napi_get_uv_event_loop(env, &loop));
  napi_value result;
  CHECK(env, napi_create_double(env, (double)uv_now(loop), &result));
  return result;
}

/** configure({ pipeSize?, step?, budget?, poolSize?, notsentLowat? }) → the settings and the pool now. */
static napi_value configure(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value args[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, args, NULL, NULL));
  instance_t *instance = instance_of(env);
  if (!instance) {
    napi_throw_error(env, NULL, "relay: module not initialised");
    return NULL;
  }
  if (argc == 1) {
    const char *names[] = {"pipeSize", "step", "budget", "poolSize", "notsentLowat"};
    for (int at = 0; at < 5; at += 1) {
      bool has = false;
      napi_value value;
      double number;
      CHECK(env, napi_has_named_property(env, args[0], names[at], &has));
      if (!has) continue;
      CHECK(env, napi_get_named_property(env, args[0], names[at], &value));
      if (napi_get_value_double(env, value, &number) != napi_ok || !(number >= 0) || number > 1e9) {
        napi_throw_range_error(env, NULL, "relay: settings are non-negative numbers");
        return NULL;
      }
      if (at == 0) instance->pipe_size = (int)number;
      else if (at == 1) instance->step = number >= 4096 ? (size_t)number : 4096;
      else if (at == 2) instance->budget = number >= 1 ? (size_t)number : 1;
      else if (at == 4) instance->notsent_lowat = (int)number;
      else {
        size_t capacity = (size_t)number;
        while (instance->count > capacity) {
          instance->count -= 1;
          close(instance->pipes[2 * instance->count]);
          close(instance->pipes[2 * instance->count + 1]);
        }
        int *pipes = (int *)realloc(instance->pipes, (capacity ? capacity : 1) * 2 * sizeof(int));
        if (!pipes) {
          napi_throw_error(env, NULL, "relay: out of memory");
          return NULL;
        }
        instance->pipes = pipes;
        instance->capacity = capacity;
      }
    }
  }
  napi_value result, value;
  CHECK(env, napi_create_object(env, &result));
  const double figures[] = {(double)instance->pipe_size, (double)instance->step, (double)instance->budget,
                            (double)instance->capacity, (double)instance->count, instance->live,
                            instance->created_pipes, (double)instance->notsent_lowat};
  const char *names[] = {"pipeSize",    "step", "budget",       "poolSize",
                         "pooledPipes", "live", "createdPipes", "notsentLowat"};
  for (int at = 0; at < 8; at += 1) {
    CHECK(env, napi_create_double(env, figures[at], &value));
    CHECK(env, napi_set_named_property(env, result, names[at], value));
  }
  return result;
}

#endif /* RELAY_SUPPORTED */

static napi_value init(napi_env env, napi_value exports) {
  napi_value supported;
  CHECK(env, napi_get_boolean(env, RELAY_SUPPORTED, &supported));
  CHECK(env, napi_set_named_property(env, exports, "supported", supported));
#if RELAY_SUPPORTED
  instance_t *instance = (instance_t *)calloc(1, sizeof(instance_t));
  if (!instance) {
    napi_throw_error(env, NULL, "relay: out of memory");
    return NULL;
  }
  instance->capacity = 256;
  instance->pipes = (int *)calloc(instance->capacity * 2, sizeof(int));
  instance->pipe_size = DEFAULT_CHUNK;
  instance->step = DEFAULT_CHUNK;
  instance->budget = DEFAULT_CHUNK;
  instance->notsent_lowat = DEFAULT_NOTSENT_LOWAT;
  if (!instance->pipes) {
    free(instance);
    napi_throw_error(env, NULL, "relay: out of memory");
    return NULL;
  }
  CHECK(env, napi_set_instance_data(env, instance, finalize_instance, NULL));
  const napi_property_descriptor functions[] = {
      {"relay", NULL, start_relay, NULL, NULL, NULL, napi_default, NULL},
      {"abort", NULL, abort_relay, NULL, NULL, NULL, napi_default, NULL},
      {"resume", NULL, resume_relay, NULL, NULL, NULL, napi_default, NULL},
      {"now", NULL, loop_now, NULL, NULL, NULL, napi_default, NULL},
      {"configure", NULL, configure, NULL, NULL, NULL, napi_default, NULL},
  };
  CHECK(env, napi_define_properties(env, exports, sizeof(functions) / sizeof(functions[0]), functions));
#endif
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
