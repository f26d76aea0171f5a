# Every method and signal of AnimateBehaviour from qicli (docs/calling.md), a line at a time
# in Pepper's shell (ssh nao@<pepper>), or from a PC with --qi-url tcp://<pepper>:9559 added.
# "# ->" is what qicli answers, in JSON. Pepper moves while the animation is enabled.

# The service exists while the behaviour runs: start it, then wait until qicli info finds it.
qicli call ALBehaviorManager.startBehavior animate-behaviour/.
qicli call ALBehaviorManager.isBehaviorRunning animate-behaviour/.    # -> true
qicli info AnimateBehaviour                # its methods and signals, with their types

# Each signal, in a shell of its own: printed as it fires, until Ctrl-C.
qicli watch AnimateBehaviour.activationChanged
qicli watch AnimateBehaviour.presetChanged
qicli watch AnimateBehaviour.motionStyleChanged
qicli watch AnimateBehaviour.moodChanged

qicli call AnimateBehaviour.getActivation                # -> "disabled"
qicli call AnimateBehaviour.setActivation enabled        # -> 1
qicli call AnimateBehaviour.getActivation                # -> "enabled"
qicli call AnimateBehaviour.getStatus                    # a JSON object, in a string
qicli call AnimateBehaviour.getPresets                   # -> ["calm", "neutral", "lively"]
qicli call AnimateBehaviour.setPreset lively             # -> 1 (0 for an unknown name)
qicli call AnimateBehaviour.getPreset                    # -> "lively" ("" for none)
qicli call AnimateBehaviour.storePreset calm             # -> 1: chosen, and kept after a reboot
qicli call AnimateBehaviour.getMotionStyles              # -> ["specification", "lifelike"]
qicli call AnimateBehaviour.setMotionStyle lifelike      # -> 1
qicli call AnimateBehaviour.getMotionStyle               # -> "lifelike"
# setMood takes numbers: with --json, 0.5 is a number however qicli reads plain arguments.
qicli call --json AnimateBehaviour.setMood 0.5 0.25      # -> 1
qicli call AnimateBehaviour.getMood                      # -> [0.5, 0.25]
qicli call AnimateBehaviour.setActivation disabled       # -> 1
