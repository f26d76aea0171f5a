/*
 * Every method and signal of AnimateBehaviour, called from a tablet page (docs/calling.md).
 * The page loads Pepper's own QiMessaging first:
 *   <script src="/libs/qimessaging/2/qimessaging.js"></script>
 * ES5 only: Pepper's tablet runs an old Android WebView. Each call returns a promise.
 * Pepper moves: the animation is enabled until she has settled, then disabled.
 */
var BEHAVIOUR = "animate-behaviour/.";  // for ALBehaviorManager: the package's id/the behaviour
var TIMEOUT_MS = 30000;
// Each signal says "it changed". libqi does not keep signals' order: read the value again
// (for activationChanged, the state Pepper has settled in: getStatus's "state").
var READ_AGAIN = {
  activationChanged: function (service) {
    return service.getStatus().then(function (status) { return JSON.parse(status).state; });
  },
  presetChanged: function (service) { return service.getPreset(); },
  motionStyleChanged: function (service) { return service.getMotionStyle(); },
  moodChanged: function (service) { return service.getMood(); }
};

// The service, which exists while the behaviour runs: if it is missing, start the behaviour
// and wait until the ServiceDirectory announces the service.
function animateBehaviour(session) {
  return session.service("ServiceDirectory").then(function (directory) {
    var link;
    var appeared = new Promise(function (resolve) {
      link = directory.serviceAdded.connect(function (id, name) {
        if (name === "AnimateBehaviour") { resolve(); }
      });
    });
    var found = link.then(function () {  // listening first: the announcement is not missed
      return session.service("AnimateBehaviour").then(null, function () {
        return session.service("ALBehaviorManager").then(function (manager) {
          return manager.startBehavior(BEHAVIOUR);
        }).then(function () {
          return within(TIMEOUT_MS, appeared, "AnimateBehaviour did not appear");
        }).then(function () {
          return session.service("AnimateBehaviour");
        });
      });
    });
    function forget() {
      link.then(function (id) { directory.serviceAdded.disconnect(id); });
    }
    found.then(forget, forget);
    return found;
  });
}

// The promise's outcome, or an error after ms milliseconds.
function within(ms, promise, error) {
  return Promise.race([promise, new Promise(function (resolve, reject) {
    setTimeout(function () { reject(error); }, ms);
  })]);
}

// Connects the four signals; when one fires, reads its value again and shows it.
// expect(signal, value): a promise kept once signal has fired and the value read is value.
function Follower(service) {
  var expected = [];
  this.expect = function (signal, value) {
    return within(TIMEOUT_MS, new Promise(function (resolve) {
      expected.push({signal: signal, value: JSON.stringify(value), resolve: resolve});
    }), signal + " did not bring " + JSON.stringify(value));
  };
  this.connected = Promise.all(Object.keys(READ_AGAIN).map(function (signal) {
    return service[signal].connect(function () {
      READ_AGAIN[signal](service).then(function (value) {
        console.log(signal + ": now " + JSON.stringify(value));
        expected = expected.filter(function (entry) {
          var settled = entry.signal === signal && entry.value === JSON.stringify(value);
          if (settled) { entry.resolve(value); }
          return !settled;
        });
      });
    });
  }));
}

// Calls [method, arguments...] one after another, showing each result.
function inTurn(service, calls) {
  return calls.reduce(function (done, call) {
    return done.then(function () {
      return service[call[0]].apply(service, call.slice(1)).then(function (result) {
        console.log(call[0] + ": " + JSON.stringify(result));
      });
    });
  }, Promise.resolve());
}

// Enables or disables, and waits until Pepper has settled (activationChanged).
function switchTo(service, follower, state) {
  var settled = follower.expect("activationChanged", state);
  return inTurn(service, [["setActivation", state]]).then(function () { return settled; });
}

// "new": called bare, QiSession would set its service() on window.
new QiSession(function (session) {
  animateBehaviour(session).then(function (service) {
    var follower = new Follower(service);
    var changes;
    return follower.connected.then(function () {
      changes = Promise.all([follower.expect("presetChanged", "calm"),
                             follower.expect("motionStyleChanged", "lifelike"),
                             follower.expect("moodChanged", [0.5, -0.25])]);
      return inTurn(service, [
        ["getPresets"],                  // ["calm", "neutral", "lively"]
        ["getPreset"],                   // "" for none: the file's values
        ["getMotionStyles"],             // ["specification", "lifelike"]
        ["getMotionStyle"],
        ["getMood"],                     // [valence, arousal]
        ["getActivation"],               // "enabled" or "disabled"
        ["getStatus"],                   // a JSON object, in a string: JSON.parse it
        ["setPreset", "lively"],         // 1, or 0: an unknown name
        ["storePreset", "calm"],         // 1: chosen, and kept after a reboot
        ["setMotionStyle", "lifelike"],  // 1
        ["setMood", 0.5, -0.25],         // 1
        ["setMood", 2, 0]                // 0: refused, out of [-1, 1]
      ]);
    }).then(function () {
      return changes;
    }).then(function () {
      return switchTo(service, follower, "enabled");
    }).then(function () {
      return switchTo(service, follower, "disabled");
    });
  }).then(function () {
    console.log("done");
  }, function (error) {
    console.log("failed: " + error);
  });
}, function () {
  console.log("disconnected from Pepper");
});
