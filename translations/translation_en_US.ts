<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Animate behaviour</source>
        <translation>Animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</source>
        <translation>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Activate on start</source>
        <translation>Activate on start</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</source>
        <translation>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Enable animate behaviour</source>
        <translation>Enable animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Disable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Disable animate behaviour</source>
        <translation>Disable animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</translation>
    </message>
</context>
</TS>
