<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Animate behaviour</source>
        <translation>Comportement animé</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</source>
        <translation>Fait bouger le robot de manière subtile et aléatoire pour qu&apos;il paraisse vivant. Tant que la boîte s&apos;exécute, le service AnimateBehaviour permet aux autres comportements d&apos;activer ou de désactiver le mouvement.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Activate on start</source>
        <translation>Activer au démarrage</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</source>
        <translation>Commence à bouger dès que la boîte démarre. Si la case est décochée, le robot reste immobile jusqu&apos;à ce qu&apos;un autre comportement appelle AnimateBehaviour.setActivation(&quot;enabled&quot;).</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Enable animate behaviour</source>
        <translation>Activer le comportement animé</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Demande au service AnimateBehaviour de faire bouger le robot. Copiez cette boîte dans vos propres comportements ; l&apos;application Comportement animé doit être en cours d&apos;exécution.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>Ce qui est demandé : &quot;enabled&quot; démarre le mouvement, &quot;disabled&quot; l&apos;arrête et ramène le robot à sa posture de référence.</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Disable animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Disable animate behaviour</source>
        <translation>Désactiver le comportement animé</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Demande au service AnimateBehaviour d&apos;arrêter de faire bouger le robot. Copiez cette boîte dans vos propres comportements ; l&apos;application Comportement animé doit être en cours d&apos;exécution.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>What to ask for: &quot;enabled&quot; starts the motion, &quot;disabled&quot; stops it and brings the robot back to its home posture.</source>
        <translation>Ce qui est demandé : &quot;enabled&quot; démarre le mouvement, &quot;disabled&quot; l&apos;arrête et ramène le robot à sa posture de référence.</translation>
    </message>
</context>
</TS>
