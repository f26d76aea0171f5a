/*
 * Test-only stand-in for Pepper's /libs/qimessaging/2/qimessaging.js, served by
 * tests/web_bridge.py in its place; never shipped. It keeps the part of QiMessaging 2's
 * API a page uses, with the same behaviour:
 *   QiSession(connected, disconnected, host): connected(session) once the bridge answers
 *     (never, like a socket that cannot connect, when it does not); disconnected() when
 *     an established connection breaks, pending calls then reject.
 *   session.service(name): a Promise of a proxy built from the service's metaObject, or
 *     rejected with libqi's message when the service is not registered.
 *   proxy.method(args...): a Promise of the result (rejected with the error text).
 *   proxy.signal.connect(cb): a Promise of the link id; cb(args...) at each emission.
 *   proxy.signal.disconnect(link): a Promise.
 * No session.socket(): "QiSession.socket() has been removed" (NAOqi 2.5's JavaScript page),
 * so a page must not count on closing a session.
 * Signals come from a long-poll loop on /bridge/events. QiMessaging sends a page's calls down
 * one socket, so they reach NAOqi in the order made; each call here carries the page's id
 * and its place in that order, and the bridge starts them in it.
 */
function QiSession(connected, disconnected, host) {
  var base = host ? "http://" + host : "";
  var callbacks = {};  // link -> callback
  var pending = [];    // reject functions of calls in flight
  var cursor = 0;      // the newest event id seen
  var page = Math.random().toString(36).slice(2);  // this session's calls, in order
  var made = 0;        // calls made so far
  var open = false;
  var self = this;

  function request(method, path, body, onOk, onError) {
    var xhr = new XMLHttpRequest();
    xhr.open(method, base + path, true);
    xhr.onreadystatechange = function () {
      if (xhr.readyState !== 4) {
        return;
      }
      var answer = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch (err) {
        answer = null;
      }
      if (xhr.status === 200 && answer !== null) {
        onOk(answer);
      } else {
        onError(answer && answer.error ? answer.error : "connection lost");
      }
    };
    if (body === null) {
      xhr.send();
    } else {
      xhr.setRequestHeader("Content-Type", "application/json");
      xhr.send(JSON.stringify(body));
    }
  }

  // A bridge answer as a promise; a broken connection rejects it and drops the session.
  function qiCall(method, path, body) {
    return new Promise(function (resolve, reject) {
      if (!open) {
        reject("not connected");
        return;
      }
      pending.push(reject);
      if (path === "/bridge/call") {
        body.page = page;
        body.order = made;
        made += 1;
      }
      request(method, path, body, function (answer) {
        pending.splice(pending.indexOf(reject), 1);
        if (answer.error !== undefined) {
          reject(answer.error);
        } else {
          resolve(answer.result);
        }
      }, function (error) {
        pending.splice(pending.indexOf(reject), 1);
        reject(error);
        lost();
      });
    });
  }

  function lost() {
    if (!open) {
      return;
    }
    open = false;
    var rejects = pending;
    pending = [];
    for (var i = 0; i < rejects.length; i++) {
      rejects[i]("call canceled: disconnected");
    }
    if (disconnected) {
      disconnected();
    }
  }

  function poll() {
    if (!open) {
      return;
    }
    request("GET", "/bridge/events?after=" + cursor, null, function (answer) {
      for (var i = 0; i < answer.events.length; i++) {
        var event = answer.events[i];
        var callback = callbacks[event.link];
        if (callback) {
          callback.apply(null, event.args);
        }
      }
      cursor = answer.last;
      poll();
    }, lost);
  }

  function makeMethod(service, name) {
    return function () {
      return qiCall("POST", "/bridge/call",
                    {service: service, method: name,
                     args: Array.prototype.slice.call(arguments, 0)});
    };
  }

  function makeSignal(service, name) {
    return {
      connect: function (callback) {
        return qiCall("POST", "/bridge/connect", {service: service, signal: name})
          .then(function (link) {
            callbacks[link] = callback;
            return link;
          });
      },
      disconnect: function (link) {
        delete callbacks[link];
        return qiCall("POST", "/bridge/disconnect", {link: link});
      }
    };
  }

  this.service = function (name) {
    return qiCall("GET", "/bridge/describe?service=" + encodeURIComponent(name), null)
      .then(function (meta) {
        var proxy = {};
        var i;
        for (i = 0; i < meta.methods.length; i++) {
          proxy[meta.methods[i]] = makeMethod(name, meta.methods[i]);
        }
        for (i = 0; i < meta.signals.length; i++) {
          proxy[meta.signals[i]] = makeSignal(name, meta.signals[i]);
        }
        return proxy;
      });
  };

  // The first answer gives the newest event id, so only later emissions are delivered.
  request("GET", "/bridge/events?wait=0&after=0", null, function (answer) {
    cursor = answer.last;
    open = true;
    poll();
    if (connected) {
      connected(self);
    }
  }, function () {});
}
