<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Animate behaviour</source>
        <translation>アニメート動作</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</source>
        <translation>ロボットをさりげなくランダムに動かし、生きているように見せます。実行中は、AnimateBehaviourサービスを通じて他のビヘイビアから動きを有効・無効にできます。</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Activate on start</source>
        <translation>開始時に有効化</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</source>
        <translation>ボックスの開始と同時に動き始めます。チェックを外すと、他のビヘイビアがAnimateBehaviour.setActivation(&quot;enabled&quot;)を呼ぶまでロボットは静止したままです。</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Enable animate behaviour</source>
        <translation>アニメート動作を有効化</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>AnimateBehaviourサービスにロボットを動かし始めるよう依頼します。このボックスは自分のビヘイビアにコピーして使えます。アニメート動作アプリケーションが実行中である必要があります。</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>依頼する内容です。&quot;enabled&quot; で動きを開始し、&quot;disabled&quot; で動きを止めてロボットを基本姿勢に戻します。</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Disable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Disable animate behaviour</source>
        <translation>アニメート動作を無効化</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>AnimateBehaviourサービスにロボットの動きを止めるよう依頼します。このボックスは自分のビヘイビアにコピーして使えます。アニメート動作アプリケーションが実行中である必要があります。</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>依頼する内容です。&quot;enabled&quot; で動きを開始し、&quot;disabled&quot; で動きを止めてロボットを基本姿勢に戻します。</translation>
    </message>
</context>
</TS>
